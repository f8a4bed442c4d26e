import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import type {
  LongTermMemoryBackend,
  LongTermRecord,
} from '../tools/long-term/long-term-memory-backend';
import { LONG_TERM_LIMITS } from '../tools/long-term/long-term-limits';
import type { MemoryOwner } from '../tools/long-term/memory-owner';
import type { MaybePromise } from '../memory/store/session-store';
import { captureError } from './capture-error';

export interface RunLongTermBackendConformanceOptions {
  /** Shown in the test names, e.g. `'embedded'` or `'postgres'`. */
  readonly name: string;
  /** Returns a fresh, empty backend. Called before every test. */
  readonly create: () => MaybePromise<LongTermMemoryBackend>;
  /** Releases what `create` made. Called after every test. @default nothing */
  readonly cleanup?: (backend: LongTermMemoryBackend) => MaybePromise<void>;
  /**
   * Opens the same storage again as a new instance (a process restart:
   * files re-read, a new connection). With it, the suite checks that records
   * survive. @default undefined (skipped)
   */
  readonly reopen?: (
    backend: LongTermMemoryBackend,
  ) => MaybePromise<LongTermMemoryBackend>;
  /**
   * Whether the backend ranks by the request's embedding (vector or hybrid
   * search). Without it the suite only checks that embeddings are stored,
   * returned and accepted in requests. @default false
   */
  readonly rankByEmbedding?: boolean;
}

const alice: MemoryOwner = { userId: 'alice' };
const bob: MemoryOwner = { userId: 'bob' };
const aliceOfAgent: MemoryOwner = { userId: 'alice', agentId: 'travel-agent' };
const agentOnly: MemoryOwner = { agentId: 'travel-agent' };

let sequence = 0;
function makeRecord(
  owner: MemoryOwner,
  text: string,
  extra: Partial<LongTermRecord> = {},
): LongTermRecord {
  sequence++;
  return {
    id: `record-${sequence}`,
    owner,
    text,
    createdAt: 1_700_000_000_000 + sequence,
    source: 'agent',
    ...extra,
  };
}

/**
 * The conformance suite every {@link LongTermMemoryBackend} passes (call it
 * from the backend's test file, then add its own regressions): add and
 * search, exact owner isolation, deleteOwner, limits, typed errors for bad
 * input with nothing stored, batches all or nothing, records returned equal
 * to what was added and independent of the caller's objects, embeddings
 * optional, and (with `reopen`) records that survive a restart.
 */
export function runLongTermBackendConformance({
  name,
  create,
  cleanup,
  reopen,
  rankByEmbedding = false,
}: RunLongTermBackendConformanceOptions): void {
  describe(`runLongTermBackendConformance(${name})`, () => {
    let backend: LongTermMemoryBackend;

    beforeEach(async () => {
      backend = await create();
    });

    afterEach(async () => {
      await cleanup?.(backend);
    });

    it('should find nothing in an empty backend', async () => {
      expect(
        await backend.search({ owner: alice, query: 'anything', limit: 5 }),
      ).toStrictEqual([]);
      expect(await backend.deleteOwner(alice)).toBe(0);
    });

    it('should return an added record deep-equal, with every field', async () => {
      const record = makeRecord(alice, 'Alice prefers aisle seats on flights', {
        sessionId: 'session-1',
        source: 'compression',
        metadata: { messageId: 'm7', role: 'user' },
        embedding: [0.25, -0.5, 1],
      });
      await backend.add([record]);

      const hits = await backend.search({
        owner: alice,
        query: 'aisle seats',
        limit: 5,
      });

      expect(hits.map((hit) => hit.record)).toStrictEqual([record]);
      expect(Number.isFinite(hits[0]!.score)).toBe(true);
    });

    it('should keep records of an owner without optional fields as given', async () => {
      const record = makeRecord(agentOnly, 'The refund policy allows 24 hours');
      await backend.add([record]);

      const hits = await backend.search({
        owner: agentOnly,
        query: 'refund policy',
        limit: 1,
      });

      expect(hits.map((hit) => hit.record)).toStrictEqual([record]);
    });

    it('should rank the record that matches the query best first, scores not increasing', async () => {
      await backend.add([
        makeRecord(alice, 'Alice lives in Denver and likes hiking'),
        makeRecord(alice, 'The reservation id for the Boston trip is XK42QZ'),
        makeRecord(alice, 'Alice has a dog named Boston'),
        makeRecord(alice, 'Alice pays with a gift card'),
      ]);

      const hits = await backend.search({
        owner: alice,
        query: 'Boston trip reservation',
        limit: 10,
      });

      expect(hits[0]!.record.text).toBe(
        'The reservation id for the Boston trip is XK42QZ',
      );
      expect(hits.map((hit) => hit.record.text)).not.toContain(
        'Alice pays with a gift card',
      );
      for (let i = 1; i < hits.length; i++) {
        expect(hits[i]!.score).toBeLessThanOrEqual(hits[i - 1]!.score);
      }
    });

    it('should match case- and accent-insensitively and find ids', async () => {
      await backend.add([
        makeRecord(alice, 'Order #W4817420 was delivered to Zürich'),
        makeRecord(alice, 'Nothing related here'),
      ]);

      const byId = await backend.search({
        owner: alice,
        query: '#w4817420',
        limit: 5,
      });
      const byPlace = await backend.search({
        owner: alice,
        query: 'ZURICH',
        limit: 5,
      });

      expect(byId.map((hit) => hit.record.text)).toStrictEqual([
        'Order #W4817420 was delivered to Zürich',
      ]);
      expect(byPlace.map((hit) => hit.record.text)).toStrictEqual([
        'Order #W4817420 was delivered to Zürich',
      ]);
    });

    it('should never return another owner’s records (owners match exactly)', async () => {
      const owners = [alice, bob, aliceOfAgent, agentOnly];
      await backend.add(
        owners.map((owner, index) =>
          makeRecord(owner, `shared secret word paprika number ${index}`),
        ),
      );

      for (const [index, owner] of owners.entries()) {
        const hits = await backend.search({
          owner,
          query: 'secret paprika',
          limit: 100,
        });
        expect(hits.map((hit) => hit.record.text)).toStrictEqual([
          `shared secret word paprika number ${index}`,
        ]);
        expect(hits[0]!.record.owner).toStrictEqual(owner);
      }
      expect(
        await backend.search({
          owner: { userId: 'carol' },
          query: 'secret paprika',
          limit: 100,
        }),
      ).toStrictEqual([]);
    });

    it('should not mix up owners whose ids contain separators', async () => {
      await backend.add([
        makeRecord({ userId: 'a:b', agentId: 'c' }, 'kiwi fact one'),
        makeRecord({ userId: 'a', agentId: 'b:c' }, 'kiwi fact two'),
        makeRecord({ userId: '["a","b"]' }, 'kiwi fact three'),
      ]);

      const hits = await backend.search({
        owner: { userId: 'a', agentId: 'b:c' },
        query: 'kiwi',
        limit: 10,
      });

      expect(hits.map((hit) => hit.record.text)).toStrictEqual([
        'kiwi fact two',
      ]);
    });

    it('should return at most limit hits', async () => {
      await backend.add(
        Array.from({ length: 12 }, (_, index) =>
          makeRecord(alice, `mango note ${index}`),
        ),
      );

      const three = await backend.search({
        owner: alice,
        query: 'mango',
        limit: 3,
      });
      const all = await backend.search({
        owner: alice,
        query: 'mango',
        limit: 100,
      });

      expect(three).toHaveLength(3);
      expect(all).toHaveLength(12);
    });

    it('should find nothing for a query without searchable words', async () => {
      await backend.add([makeRecord(alice, 'Alice likes tea')]);

      expect(
        await backend.search({ owner: alice, query: '   ', limit: 5 }),
      ).toStrictEqual([]);
      expect(
        await backend.search({ owner: alice, query: '?!', limit: 5 }),
      ).toStrictEqual([]);
    });

    it('should delete exactly one owner’s records and count them', async () => {
      await backend.add([
        makeRecord(alice, 'olive one'),
        makeRecord(alice, 'olive two'),
        makeRecord(aliceOfAgent, 'olive three'),
        makeRecord(bob, 'olive four'),
      ]);

      expect(await backend.deleteOwner(alice)).toBe(2);
      expect(await backend.deleteOwner(alice)).toBe(0);

      expect(
        await backend.search({ owner: alice, query: 'olive', limit: 10 }),
      ).toStrictEqual([]);
      expect(
        (
          await backend.search({
            owner: aliceOfAgent,
            query: 'olive',
            limit: 10,
          })
        ).map((hit) => hit.record.text),
      ).toStrictEqual(['olive three']);
      expect(
        (await backend.search({ owner: bob, query: 'olive', limit: 10 })).map(
          (hit) => hit.record.text,
        ),
      ).toStrictEqual(['olive four']);
    });

    it('should accept records added after a delete, under the same owner', async () => {
      await backend.add([makeRecord(alice, 'lemon old')]);
      await backend.deleteOwner(alice);
      await backend.add([makeRecord(alice, 'lemon new')]);

      const hits = await backend.search({
        owner: alice,
        query: 'lemon',
        limit: 5,
      });

      expect(hits.map((hit) => hit.record.text)).toStrictEqual(['lemon new']);
    });

    it('should refuse a duplicate id with a typed error and store nothing of the batch', async () => {
      const first = makeRecord(alice, 'peach original');
      await backend.add([first]);
      const fresh = makeRecord(alice, 'peach fresh');

      const error = await captureError(() =>
        backend.add([fresh, { ...first, text: 'peach overwritten' }]),
      );

      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      const hits = await backend.search({
        owner: alice,
        query: 'peach',
        limit: 10,
      });
      expect(hits.map((hit) => hit.record)).toStrictEqual([first]);
    });

    it('should refuse an id twice in one batch and store nothing', async () => {
      const record = makeRecord(alice, 'plum one');

      const error = await captureError(() =>
        backend.add([record, { ...record, text: 'plum two' }]),
      );

      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect(
        await backend.search({ owner: alice, query: 'plum', limit: 10 }),
      ).toStrictEqual([]);
    });

    const badRecords: readonly [string, (valid: LongTermRecord) => unknown][] =
      [
        ['an owner without ids', (r) => ({ ...r, owner: {} })],
        ['a blank userId', (r) => ({ ...r, owner: { userId: ' ' } })],
        [
          'an owner with an unknown field',
          (r) => ({ ...r, owner: { userId: 'u', orgId: 'o' } }),
        ],
        ['a blank text', (r) => ({ ...r, text: '  ' })],
        [
          'a text over the limit',
          (r) => ({
            ...r,
            text: 'x'.repeat(LONG_TERM_LIMITS.maxTextChars + 1),
          }),
        ],
        ['a blank id', (r) => ({ ...r, id: '' })],
        ['a non-finite createdAt', (r) => ({ ...r, createdAt: Number.NaN })],
        ['an unknown source', (r) => ({ ...r, source: 'model' })],
        [
          'an embedding with NaN',
          (r) => ({ ...r, embedding: [1, Number.NaN] }),
        ],
        ['an empty embedding', (r) => ({ ...r, embedding: [] })],
        ['a non-string metadata value', (r) => ({ ...r, metadata: { n: 1 } })],
        ['null', () => null],
      ];
    for (const [label, corrupt] of badRecords) {
      it(`should refuse a batch holding ${label} with InvalidArgumentError and store nothing`, async () => {
        const good = makeRecord(alice, 'cherry good');
        const bad = corrupt(makeRecord(alice, 'cherry bad'));

        const error = await captureError(() =>
          backend.add([good, bad] as LongTermRecord[]),
        );

        expect(InvalidArgumentError.isInstance(error)).toBe(true);
        expect(
          await backend.search({ owner: alice, query: 'cherry', limit: 10 }),
        ).toStrictEqual([]);
      });
    }

    it('should refuse a batch over maxRecordsPerAdd', async () => {
      const error = await captureError(() =>
        backend.add(
          Array.from(
            { length: LONG_TERM_LIMITS.maxRecordsPerAdd + 1 },
            (_, i) => makeRecord(alice, `fig ${i}`),
          ),
        ),
      );

      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect(
        await backend.search({ owner: alice, query: 'fig', limit: 1 }),
      ).toStrictEqual([]);
    });

    const badSearches: readonly [string, unknown][] = [
      ['an owner without ids', { owner: {}, query: 'x', limit: 5 }],
      ['a limit of 0', { owner: alice, query: 'x', limit: 0 }],
      ['a fractional limit', { owner: alice, query: 'x', limit: 2.5 }],
      [
        'a limit over the maximum',
        {
          owner: alice,
          query: 'x',
          limit: LONG_TERM_LIMITS.maxSearchLimit + 1,
        },
      ],
      ['a non-string query', { owner: alice, query: 42, limit: 5 }],
      [
        'a query over the limit',
        {
          owner: alice,
          query: 'q'.repeat(LONG_TERM_LIMITS.maxQueryChars + 1),
          limit: 5,
        },
      ],
      [
        'a bad embedding',
        { owner: alice, query: 'x', limit: 5, embedding: ['1'] },
      ],
    ];
    for (const [label, request] of badSearches) {
      it(`should refuse a search with ${label} with InvalidArgumentError`, async () => {
        const error = await captureError(() =>
          backend.search(
            request as Parameters<LongTermMemoryBackend['search']>[0],
          ),
        );

        expect(InvalidArgumentError.isInstance(error)).toBe(true);
      });
    }

    it('should refuse deleteOwner with an owner without ids', async () => {
      await backend.add([makeRecord(alice, 'grape')]);

      const error = await captureError(() => backend.deleteOwner({}));

      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect(
        await backend.search({ owner: alice, query: 'grape', limit: 5 }),
      ).toHaveLength(1);
    });

    it('should share nothing with the caller’s objects', async () => {
      const metadata: Record<string, string> = { topic: 'food' };
      const embedding = [1, 0, 0];
      const record = makeRecord(alice, 'Alice is allergic to peanuts', {
        metadata,
        embedding,
      });
      const expected = structuredClone(record);
      await backend.add([record]);
      metadata.topic = 'changed';
      embedding[0] = 9;

      const hits = await backend.search({
        owner: alice,
        query: 'peanuts',
        limit: 5,
      });

      expect(hits.map((hit) => hit.record)).toStrictEqual([expected]);
    });

    it('should keep unicode text exactly', async () => {
      const record = makeRecord(
        bob,
        'Bob’s café order: 🍜 ramen, naïve 東京 ✓',
      );
      await backend.add([record]);

      const hits = await backend.search({
        owner: bob,
        query: 'ramen café',
        limit: 5,
      });

      expect(hits.map((hit) => hit.record)).toStrictEqual([record]);
    });

    it('should accept embedding on some records and in the request', async () => {
      const withVector = makeRecord(alice, 'Alice flies to Lisbon in May', {
        embedding: [1, 0, 0],
      });
      const without = makeRecord(alice, 'Alice flies economy');
      await backend.add([withVector, without]);

      const hits = await backend.search({
        owner: alice,
        query: 'flies',
        limit: 5,
        embedding: [1, 0, 0],
      });

      expect(new Set(hits.map((hit) => hit.record.id))).toStrictEqual(
        new Set([withVector.id, without.id]),
      );
    });

    if (rankByEmbedding) {
      it('should rank by embedding when the text matches equally', async () => {
        const near = makeRecord(alice, 'walnut alpha', {
          embedding: [0, 1, 0],
        });
        const far = makeRecord(alice, 'walnut beta', { embedding: [1, 0, 0] });
        await backend.add([far, near]);

        const hits = await backend.search({
          owner: alice,
          query: 'walnut',
          limit: 2,
          embedding: [0, 0.9, 0.1],
        });

        expect(hits.map((hit) => hit.record.id)).toStrictEqual([
          near.id,
          far.id,
        ]);
      });

      it('should find a record by embedding alone when no word matches', async () => {
        const record = makeRecord(alice, 'Alice enjoys sailing', {
          embedding: [0, 0, 1],
        });
        await backend.add([record]);

        const hits = await backend.search({
          owner: alice,
          query: 'boats',
          limit: 5,
          embedding: [0, 0.1, 1],
        });

        expect(hits.map((hit) => hit.record.id)).toStrictEqual([record.id]);
      });

      it('should never return another owner’s record by embedding', async () => {
        await backend.add([
          makeRecord(bob, 'Bob enjoys sailing', { embedding: [0, 0, 1] }),
        ]);

        expect(
          await backend.search({
            owner: alice,
            query: 'sailing',
            limit: 5,
            embedding: [0, 0, 1],
          }),
        ).toStrictEqual([]);
      });
    }

    if (reopen !== undefined) {
      it('should keep records, deletes and isolation across a reopen (restart)', async () => {
        const kept = makeRecord(
          alice,
          'Alice’s frequent flyer number is FF-90211',
          {
            sessionId: 'session-9',
            metadata: { role: 'user' },
            embedding: [0.5, 0.5],
          },
        );
        await backend.add([kept, makeRecord(bob, 'Bob flyer FF-1')]);
        await backend.add([makeRecord(aliceOfAgent, 'flyer scoped')]);
        await backend.deleteOwner(aliceOfAgent);

        backend = await reopen(backend);

        const hits = await backend.search({
          owner: alice,
          query: 'flyer',
          limit: 10,
        });
        expect(hits.map((hit) => hit.record)).toStrictEqual([kept]);
        expect(
          await backend.search({
            owner: aliceOfAgent,
            query: 'flyer',
            limit: 10,
          }),
        ).toStrictEqual([]);
        const duplicate = await captureError(() => backend.add([kept]));
        expect(InvalidArgumentError.isInstance(duplicate)).toBe(true);
      });
    }
  });
}
