import { expect, it } from 'vitest';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import type {
  LongTermMemoryBackend,
  LongTermRecordedMessages,
} from '../tools/long-term/long-term-memory-backend';
import { LONG_TERM_LIMITS } from '../tools/long-term/long-term-limits';
import type { MaybePromise } from '../memory/store/session-store';
import { captureError } from './capture-error';
import type { ConformanceSubject } from './describe-conformance';
import { alice, aliceOfAgent, bob, makeRecord } from './long-term-records';

const inSession = (
  owner: LongTermRecordedMessages['owner'],
  messageIds: readonly string[],
  /** `null`: ids of the owner across sessions. */
  sessionId: string | null = 'thread-1',
): LongTermRecordedMessages => ({
  owner,
  ...(sessionId !== null ? { sessionId } : {}),
  messageIds,
});

/**
 * The cases of `runLongTermBackendConformance` on recorded messages (what
 * makes recording idempotent across processes): messages marked with their
 * records in one write, found by exact owner and session, an add that marks
 * a message marked already stores nothing and says which, two concurrent
 * adds of one message store it once, marks deleted with the owner and kept
 * across a reopen (with `reopen`), bad requests refused.
 */
export function longTermBackendRecordedMessagesCases(
  { current, replace }: ConformanceSubject<LongTermMemoryBackend>,
  {
    reopen,
  }: {
    readonly reopen:
      | ((
          backend: LongTermMemoryBackend,
        ) => MaybePromise<LongTermMemoryBackend>)
      | undefined;
  },
): void {
  it('should find no recorded messages in an empty backend', async () => {
    expect(
      await current().findRecordedMessages(inSession(alice, ['m1', 'm2'])),
    ).toStrictEqual([]);
  });

  it('should mark messages with their records and find them by exact owner and session, in request order', async () => {
    const backend = current();
    const result = await backend.add(
      [makeRecord(alice, 'apricot from m1'), makeRecord(alice, 'apricot m3')],
      { messages: inSession(alice, ['m1', 'm2', 'm3']) },
    );

    expect(result).toStrictEqual({ status: 'added' });
    expect(
      await backend.findRecordedMessages(
        inSession(alice, ['m3', 'm9', 'm1', 'm2']),
      ),
    ).toStrictEqual(['m3', 'm1', 'm2']);
    for (const other of [
      inSession(bob, ['m1', 'm2', 'm3']),
      inSession(aliceOfAgent, ['m1', 'm2', 'm3']),
      inSession(alice, ['m1', 'm2', 'm3'], 'thread-2'),
      inSession(alice, ['m1', 'm2', 'm3'], null),
    ]) {
      expect(await backend.findRecordedMessages(other)).toStrictEqual([]);
    }
    expect(
      (await backend.search({ owner: alice, query: 'apricot', limit: 10 })).map(
        (hit) => hit.record.text,
      ),
    ).toHaveLength(2);
  });

  it('should mark messages that gave no record', async () => {
    const backend = current();

    expect(
      await backend.add([], { messages: inSession(alice, ['empty']) }),
    ).toStrictEqual({ status: 'added' });
    expect(
      await backend.findRecordedMessages(inSession(alice, ['empty'])),
    ).toStrictEqual(['empty']);
  });

  it('should store nothing and name the messages marked already when an add marks one again', async () => {
    const backend = current();
    const first = makeRecord(alice, 'banana first');
    await backend.add([first], { messages: inSession(alice, ['m1']) });

    const result = await backend.add([makeRecord(alice, 'banana again')], {
      messages: inSession(alice, ['m2', 'm1']),
    });

    expect(result).toStrictEqual({
      status: 'already-recorded',
      messageIds: ['m1'],
    });
    expect(
      await backend.findRecordedMessages(inSession(alice, ['m1', 'm2'])),
    ).toStrictEqual(['m1']);
    expect(
      (await backend.search({ owner: alice, query: 'banana', limit: 10 })).map(
        (hit) => hit.record,
      ),
    ).toStrictEqual([first]);
  });

  it('should store a message marked by two concurrent adds once', async () => {
    const backend = current();

    const results = await Promise.all(
      ['one', 'two', 'three'].map((instance) =>
        backend.add([makeRecord(alice, `coconut from ${instance}`)], {
          messages: inSession(alice, ['m1']),
        }),
      ),
    );

    expect(results.filter((result) => result.status === 'added')).toHaveLength(
      1,
    );
    expect(
      results.filter((result) => result.status === 'already-recorded'),
    ).toStrictEqual([
      { status: 'already-recorded', messageIds: ['m1'] },
      { status: 'already-recorded', messageIds: ['m1'] },
    ]);
    expect(
      await backend.search({ owner: alice, query: 'coconut', limit: 10 }),
    ).toHaveLength(1);
  });

  it('should delete an owner’s marks with its records, and no other’s', async () => {
    const backend = current();
    await backend.add([makeRecord(alice, 'date')], {
      messages: inSession(alice, ['m1']),
    });
    await backend.add([], { messages: inSession(bob, ['m1']) });

    await backend.deleteOwner(alice);

    expect(
      await backend.findRecordedMessages(inSession(alice, ['m1'])),
    ).toStrictEqual([]);
    expect(
      await backend.findRecordedMessages(inSession(bob, ['m1'])),
    ).toStrictEqual(['m1']);
    expect(
      await backend.add([makeRecord(alice, 'date again')], {
        messages: inSession(alice, ['m1']),
      }),
    ).toStrictEqual({ status: 'added' });
  });

  const badRequests: readonly [string, unknown][] = [
    ['no object', null],
    ['an owner without ids', { owner: {}, messageIds: ['m1'] }],
    ['a blank session id', { owner: alice, sessionId: ' ', messageIds: [] }],
    [
      'a session id over the limit',
      {
        owner: alice,
        sessionId: 's'.repeat(LONG_TERM_LIMITS.maxSessionIdChars + 1),
        messageIds: [],
      },
    ],
    ['message ids that are no array', { owner: alice, messageIds: 'm1' }],
    ['a blank message id', { owner: alice, messageIds: ['m1', ''] }],
    ['a message id that is no string', { owner: alice, messageIds: [7] }],
    [
      'a message id over the limit',
      {
        owner: alice,
        messageIds: ['m'.repeat(LONG_TERM_LIMITS.maxMessageIdChars + 1)],
      },
    ],
    ['a message id twice', { owner: alice, messageIds: ['m1', 'm1'] }],
    [
      'too many message ids',
      {
        owner: alice,
        messageIds: Array.from(
          { length: LONG_TERM_LIMITS.maxMessageIdsPerRequest + 1 },
          (_, index) => `m${index}`,
        ),
      },
    ],
  ];
  for (const [label, request] of badRequests) {
    it(`should refuse recorded messages with ${label} with InvalidArgumentError, marking and storing nothing`, async () => {
      const backend = current();

      const found = await captureError(() =>
        backend.findRecordedMessages(request as LongTermRecordedMessages),
      );
      const added = await captureError(() =>
        backend.add([makeRecord(alice, 'elderberry')], {
          messages: request as LongTermRecordedMessages,
        }),
      );

      expect(InvalidArgumentError.isInstance(found)).toBe(true);
      expect(InvalidArgumentError.isInstance(added)).toBe(true);
      expect(
        await backend.search({ owner: alice, query: 'elderberry', limit: 5 }),
      ).toStrictEqual([]);
      expect(
        await backend.findRecordedMessages(inSession(alice, ['m1'], null)),
      ).toStrictEqual([]);
    });
  }

  it('should refuse an add whose records are not of the messages’ owner, storing nothing', async () => {
    const backend = current();

    const error = await captureError(() =>
      backend.add([makeRecord(alice, 'fig'), makeRecord(bob, 'fig')], {
        messages: inSession(alice, ['m1']),
      }),
    );

    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(
      await backend.findRecordedMessages(inSession(alice, ['m1'])),
    ).toStrictEqual([]);
    expect(
      await backend.search({ owner: alice, query: 'fig', limit: 5 }),
    ).toStrictEqual([]);
  });

  it('should mark nothing when the records of an add are refused', async () => {
    const backend = current();
    const taken = makeRecord(alice, 'guava');
    await backend.add([taken]);

    const error = await captureError(() =>
      backend.add([taken], { messages: inSession(alice, ['m1']) }),
    );

    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(
      await backend.findRecordedMessages(inSession(alice, ['m1'])),
    ).toStrictEqual([]);
  });

  if (reopen !== undefined) {
    it('should keep recorded messages and their deletes across a reopen (restart)', async () => {
      let backend = current();
      await backend.add([makeRecord(alice, 'honeydew')], {
        messages: inSession(alice, ['m1', 'm2']),
      });
      await backend.add([], { messages: inSession(bob, ['m1']) });
      await backend.deleteOwner(bob);

      backend = await reopen(backend);
      replace(backend);

      expect(
        await backend.findRecordedMessages(inSession(alice, ['m1', 'm2'])),
      ).toStrictEqual(['m1', 'm2']);
      expect(
        await backend.findRecordedMessages(inSession(bob, ['m1'])),
      ).toStrictEqual([]);
      expect(
        await backend.add([makeRecord(alice, 'honeydew again')], {
          messages: inSession(alice, ['m2']),
        }),
      ).toStrictEqual({ status: 'already-recorded', messageIds: ['m2'] });
    });
  }
}
