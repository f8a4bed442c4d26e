import { expect, it } from 'vitest';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import type {
  LongTermMemoryBackend,
  LongTermRecord,
} from '../tools/long-term/long-term-memory-backend';
import { LONG_TERM_LIMITS } from '../tools/long-term/long-term-limits';
import { captureError } from './capture-error';
import type { ConformanceSubject } from './describe-conformance';
import { alice, makeRecord } from './long-term-records';

/**
 * The cases of `runLongTermBackendConformance` on bad input: duplicate ids,
 * invalid records, oversized batches and invalid searches are refused with
 * InvalidArgumentError, and a refused batch stores nothing.
 */
export function longTermBackendRefusalCases({
  current,
}: ConformanceSubject<LongTermMemoryBackend>): void {
  it('should refuse a duplicate id with a typed error and store nothing of the batch', async () => {
    const backend = current();
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
    const backend = current();
    const record = makeRecord(alice, 'plum one');

    const error = await captureError(() =>
      backend.add([record, { ...record, text: 'plum two' }]),
    );

    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(
      await backend.search({ owner: alice, query: 'plum', limit: 10 }),
    ).toStrictEqual([]);
  });

  const badRecords: readonly [string, (valid: LongTermRecord) => unknown][] = [
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
    ['an embedding with NaN', (r) => ({ ...r, embedding: [1, Number.NaN] })],
    ['an empty embedding', (r) => ({ ...r, embedding: [] })],
    ['a non-string metadata value', (r) => ({ ...r, metadata: { n: 1 } })],
    ['null', () => null],
  ];
  for (const [label, corrupt] of badRecords) {
    it(`should refuse a batch holding ${label} with InvalidArgumentError and store nothing`, async () => {
      const backend = current();
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
    const backend = current();
    const error = await captureError(() =>
      backend.add(
        Array.from({ length: LONG_TERM_LIMITS.maxRecordsPerAdd + 1 }, (_, i) =>
          makeRecord(alice, `fig ${i}`),
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
      const backend = current();
      const error = await captureError(() =>
        backend.search(
          request as Parameters<LongTermMemoryBackend['search']>[0],
        ),
      );

      expect(InvalidArgumentError.isInstance(error)).toBe(true);
    });
  }

  it('should refuse deleteOwner with an owner without ids', async () => {
    const backend = current();
    await backend.add([makeRecord(alice, 'grape')]);

    const error = await captureError(() => backend.deleteOwner({}));

    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(
      await backend.search({ owner: alice, query: 'grape', limit: 5 }),
    ).toHaveLength(1);
  });
}
