import { expect, it } from 'vitest';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import type { LongTermMemoryBackend } from '../tools/long-term/long-term-memory-backend';
import type { MaybePromise } from '../memory/store/session-store';
import { captureError } from './capture-error';
import type { ConformanceSubject } from './describe-conformance';
import { alice, aliceOfAgent, bob, makeRecord } from './long-term-records';

/**
 * The cases of `runLongTermBackendConformance` on what a backend keeps:
 * records independent of the caller's objects, unicode kept exactly,
 * embeddings accepted (and ranked by, with `rankByEmbedding`), and records
 * that survive a reopen (with `reopen`).
 */
export function longTermBackendStorageCases(
  { current, replace }: ConformanceSubject<LongTermMemoryBackend>,
  {
    rankByEmbedding,
    reopen,
  }: {
    readonly rankByEmbedding: boolean;
    readonly reopen:
      | ((
          backend: LongTermMemoryBackend,
        ) => MaybePromise<LongTermMemoryBackend>)
      | undefined;
  },
): void {
  it('should share nothing with the caller’s objects', async () => {
    const backend = current();
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
    const backend = current();
    const record = makeRecord(bob, 'Bob’s café order: 🍜 ramen, naïve 東京 ✓');
    await backend.add([record]);

    const hits = await backend.search({
      owner: bob,
      query: 'ramen café',
      limit: 5,
    });

    expect(hits.map((hit) => hit.record)).toStrictEqual([record]);
  });

  it('should accept embedding on some records and in the request', async () => {
    const backend = current();
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
      const backend = current();
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

      expect(hits.map((hit) => hit.record.id)).toStrictEqual([near.id, far.id]);
    });

    it('should find a record by embedding alone when no word matches', async () => {
      const backend = current();
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
      const backend = current();
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
      let backend = current();
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
      replace(backend);

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
}
