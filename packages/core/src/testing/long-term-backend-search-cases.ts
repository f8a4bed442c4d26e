import { expect, it } from 'vitest';
import type { LongTermMemoryBackend } from '../tools/long-term/long-term-memory-backend';
import type { ConformanceSubject } from './describe-conformance';
import {
  agentOnly,
  alice,
  aliceOfAgent,
  bob,
  makeRecord,
} from './long-term-records';

/**
 * The cases of `runLongTermBackendConformance` on search and deleteOwner:
 * records come back whole and ranked, owners match exactly, `limit` holds,
 * and a delete removes exactly one owner's records.
 */
export function longTermBackendSearchCases({
  current,
}: ConformanceSubject<LongTermMemoryBackend>): void {
  it('should find nothing in an empty backend', async () => {
    const backend = current();
    expect(
      await backend.search({ owner: alice, query: 'anything', limit: 5 }),
    ).toStrictEqual([]);
    expect(await backend.deleteOwner(alice)).toBe(0);
  });

  it('should return an added record deep-equal, with every field', async () => {
    const backend = current();
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
    const backend = current();
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
    const backend = current();
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
    const backend = current();
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
    const backend = current();
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
    const backend = current();
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

    expect(hits.map((hit) => hit.record.text)).toStrictEqual(['kiwi fact two']);
  });

  it('should return at most limit hits', async () => {
    const backend = current();
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
    const backend = current();
    await backend.add([makeRecord(alice, 'Alice likes tea')]);

    expect(
      await backend.search({ owner: alice, query: '   ', limit: 5 }),
    ).toStrictEqual([]);
    expect(
      await backend.search({ owner: alice, query: '?!', limit: 5 }),
    ).toStrictEqual([]);
  });

  it('should delete exactly one owner’s records and count them', async () => {
    const backend = current();
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
    const backend = current();
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
}
