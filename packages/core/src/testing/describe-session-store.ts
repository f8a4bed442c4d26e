import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AcmError } from '../vocabulary/error/acm-error';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import { StoreConflictError } from '../vocabulary/error/store-conflict-error';
import type { CompressionEvent } from '../vocabulary/event/compression-event';
import type { Message } from '../vocabulary/message/message';
import type { ContextState } from '../state/context-state/context-state';
import type { MaybePromise, SessionStore } from '../memory/store/session-store';
import { captureError } from './capture-error';

export interface DescribeSessionStoreOptions {
  /** Shown in the test names, e.g. `'file'` or `'redis'`. */
  name: string;
  /** Returns a fresh, empty store. Called before every test. */
  create: () => MaybePromise<SessionStore>;
  /**
   * Releases what `create` made (connections, directories, tables). Called after
   * every test with the store it created.
   * @default nothing
   */
  cleanup?: (store: SessionStore) => MaybePromise<void>;
  /**
   * Replaces the stored record of `sessionId` behind the store's back (the
   * store created by `create`): `'corrupt'` with bytes that are not a record
   * (truncated JSON), `'newer-schema'` with a record of a schema version newer
   * than any this library writes (`schemaVersion: 999`). With it, the suite
   * checks that such a record is refused on load and never overwritten by a
   * save at the revision the writer last saw (issue #14). Every store should
   * provide it.
   * @default undefined (those cases are skipped)
   */
  corruptRecord?: (
    store: SessionStore,
    sessionId: string,
    kind: 'corrupt' | 'newer-schema',
  ) => MaybePromise<void>;
}

/**
 * The conformance suite every {@link SessionStore} passes (call it from the
 * store's test file, then add the store's own regressions). It checks load,
 * save, missing sessions, compare-and-set conflicts, revision validation,
 * delete, list, large payloads, unicode, odd session ids, isolation from the
 * caller's objects and concurrent writers. Nothing in it depends on timing.
 */
export function describeSessionStore({
  name,
  create,
  cleanup,
  corruptRecord,
}: DescribeSessionStoreOptions): void {
  describe(`describeSessionStore(${name})`, () => {
    let store: SessionStore;

    beforeEach(async () => {
      store = await create();
    });

    afterEach(async () => {
      await cleanup?.(store);
    });

    it('should return undefined for a missing session and list nothing', async () => {
      expect(await store.load('missing')).toBeUndefined();
      expect(await store.list()).toStrictEqual([]);
    });

    it('should load a saved state deep-equal', async () => {
      const state = createRichState('session-1', 1);

      await store.save('session-1', state, { expectedRevision: null });

      expect(await store.load('session-1')).toStrictEqual(state);
    });

    it('should save again with the expected revision', async () => {
      const first = createRichState('session-1', 1);
      const second = appendText(first, 'second-user', 'user', 'And now?');
      const third = appendText(second, 'third-user', 'user', 'And then?');

      await store.save('session-1', first, { expectedRevision: null });
      await store.save('session-1', second, { expectedRevision: 1 });
      await store.save('session-1', third, { expectedRevision: 2 });

      expect(await store.load('session-1')).toStrictEqual(third);
    });

    it('should reject a wrong expected revision with StoreConflictError and keep the stored state', async () => {
      const first = createRichState('session-1', 1);
      const second = appendText(first, 'second-user', 'user', 'And now?');
      await store.save('session-1', first, { expectedRevision: null });
      await store.save('session-1', second, { expectedRevision: 1 });
      const stale = appendText(first, 'stale-user', 'user', 'Lost update');

      const error = await captureError(() =>
        store.save('session-1', stale, { expectedRevision: 1 }),
      );

      expect(StoreConflictError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        code: 'STORE_CONFLICT',
        sessionId: 'session-1',
        expectedRevision: 1,
        actualRevision: 2,
      });
      expect(await store.load('session-1')).toStrictEqual(second);
    });

    it
      .skipIf(corruptRecord === undefined)
      .each(['corrupt', 'newer-schema'] as const)(
      'should refuse a %s record with a typed error on load and on save, and never overwrite it',
      async (kind) => {
        const first = createRichState('session-1', 1);
        await store.save('session-1', first, { expectedRevision: null });
        await corruptRecord!(store, 'session-1', kind);
        const second = appendText(first, 'second-user', 'user', 'And now?');

        const loadError = await captureError(() => store.load('session-1'));
        const saveError = await captureError(() =>
          store.save('session-1', second, { expectedRevision: 1 }),
        );
        const againError = await captureError(() => store.load('session-1'));

        expect(AcmError.isInstance(loadError)).toBe(true);
        expect(AcmError.isInstance(saveError)).toBe(true);
        // Not overwritten: the record is still refused after the save.
        expect(AcmError.isInstance(againError)).toBe(true);
      },
    );

    it('should reject expectedRevision null on an existing session', async () => {
      const first = createRichState('session-1', 1);
      await store.save('session-1', first, { expectedRevision: null });

      const error = await captureError(() =>
        store.save('session-1', createRichState('session-1', 7), {
          expectedRevision: null,
        }),
      );

      expect(StoreConflictError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        code: 'STORE_CONFLICT',
        expectedRevision: null,
        actualRevision: 1,
      });
      expect(await store.load('session-1')).toStrictEqual(first);
    });

    it('should reject an expected revision for a missing session', async () => {
      const error = await captureError(() =>
        store.save('session-1', createRichState('session-1', 4), {
          expectedRevision: 3,
        }),
      );

      expect(StoreConflictError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        code: 'STORE_CONFLICT',
        expectedRevision: 3,
        actualRevision: null,
      });
      expect(await store.load('session-1')).toBeUndefined();
      expect(await store.list()).toStrictEqual([]);
    });

    it('should reject a revision that is not greater than the expected one and write nothing', async () => {
      const first = createRichState('session-1', 1);
      await store.save('session-1', first, { expectedRevision: null });

      const same = await captureError(() =>
        store.save('session-1', appendText(first, 'x', 'user', 'x', 0), {
          expectedRevision: 1,
        }),
      );
      const lower = await captureError(() =>
        store.save('session-1', createRichState('session-1', 0), {
          expectedRevision: 1,
        }),
      );

      expect(InvalidArgumentError.isInstance(same)).toBe(true);
      expect(same).toMatchObject({
        code: 'INVALID_ARGUMENT',
        parameter: 'state.revision',
      });
      expect(InvalidArgumentError.isInstance(lower)).toBe(true);
      expect(await store.load('session-1')).toStrictEqual(first);
    });

    it('should reject a negative or fractional revision and write nothing', async () => {
      const negative = await captureError(() =>
        store.save('session-1', createRichState('session-1', -1), {
          expectedRevision: null,
        }),
      );
      const fractional = await captureError(() =>
        store.save('session-1', createRichState('session-1', 1.5), {
          expectedRevision: null,
        }),
      );

      expect(InvalidArgumentError.isInstance(negative)).toBe(true);
      expect(InvalidArgumentError.isInstance(fractional)).toBe(true);
      expect(await store.load('session-1')).toBeUndefined();
    });

    it('should reject a state whose sessionId differs from the id it is saved under', async () => {
      const error = await captureError(() =>
        store.save('session-2', createRichState('session-1', 1), {
          expectedRevision: null,
        }),
      );

      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ parameter: 'state.sessionId' });
      expect(await store.load('session-2')).toBeUndefined();
      expect(await store.list()).toStrictEqual([]);
    });

    it('should delete a session once', async () => {
      await store.save('session-1', createRichState('session-1', 1), {
        expectedRevision: null,
      });
      await store.save('session-2', createRichState('session-2', 1), {
        expectedRevision: null,
      });

      expect(await store.delete('session-1')).toBe(true);
      expect(await store.delete('session-1')).toBe(false);
      expect(await store.load('session-1')).toBeUndefined();
      expect(await store.list()).toStrictEqual(['session-2']);
      expect(await store.load('session-2')).toStrictEqual(
        createRichState('session-2', 1),
      );
    });

    it('should start a deleted session afresh with expectedRevision null', async () => {
      await store.save('session-1', createRichState('session-1', 5), {
        expectedRevision: null,
      });
      await store.delete('session-1');
      const fresh = createRichState('session-1', 1);

      await store.save('session-1', fresh, { expectedRevision: null });

      expect(await store.load('session-1')).toStrictEqual(fresh);
    });

    it('should list session ids sorted', async () => {
      const ids = ['b', 'a', 'c-2', 'B', 'c-10', 'a-1'];
      for (const id of ids) {
        await store.save(id, createRichState(id, 1), {
          expectedRevision: null,
        });
      }

      expect(await store.list()).toStrictEqual([
        'B',
        'a',
        'a-1',
        'b',
        'c-10',
        'c-2',
      ]);
    });

    it('should round-trip large payloads', async () => {
      const state = createLargeState('large', 1);

      await store.save('large', state, { expectedRevision: null });
      const loaded = await store.load('large');

      expect(loaded).toStrictEqual(state);
    });

    it('should keep offload entries across saves and drop the ones a state no longer has', async () => {
      const first = createLargeState('large', 1);
      const second = {
        ...appendText(first, 'next-user', 'user', 'Continue.'),
        offloads: {
          ...first.offloads,
          [SECOND_OFFLOAD_ID]: [
            createTextMessage('second-offloaded', 'tool-free', 'user'),
          ],
        },
      };
      const third: ContextState = {
        ...appendText(second, 'last-user', 'user', 'Clear the big one.'),
        offloads: { [SECOND_OFFLOAD_ID]: second.offloads[SECOND_OFFLOAD_ID] },
      };

      await store.save('large', first, { expectedRevision: null });
      await store.save('large', second, { expectedRevision: 1 });
      expect(await store.load('large')).toStrictEqual(second);
      await store.save('large', third, { expectedRevision: 2 });

      expect(await store.load('large')).toStrictEqual(third);
    });

    it('should round-trip unicode, NUL characters, quotes and backslashes', async () => {
      const state = createUnicodeState('unicode', 1);

      await store.save('unicode', state, { expectedRevision: null });

      expect(await store.load('unicode')).toStrictEqual(state);
    });

    it('should keep odd session ids separate or reject them with InvalidArgumentError', async () => {
      const accepted: string[] = [];
      for (const id of ODD_SESSION_IDS) {
        const error = await captureError(() =>
          store.save(id, createTaggedState(id, 1), { expectedRevision: null }),
        );
        if (error === undefined) {
          accepted.push(id);
        } else {
          expect(
            InvalidArgumentError.isInstance(error),
            `save ${JSON.stringify(id)}`,
          ).toBe(true);
        }
      }

      for (const id of accepted) {
        expect(
          await store.load(id),
          `load ${JSON.stringify(id)}`,
        ).toStrictEqual(createTaggedState(id, 1));
      }
      expect(await store.list()).toStrictEqual([...accepted].sort());
      for (const id of accepted) {
        expect(await store.delete(id), `delete ${JSON.stringify(id)}`).toBe(
          true,
        );
      }
      expect(await store.list()).toStrictEqual([]);
    });

    it('should not share objects with its callers', async () => {
      const state = createRichState('session-1', 1);
      const saved = structuredClone(state) as Mutable<ContextState>;

      await store.save('session-1', saved, { expectedRevision: null });
      (saved.working as Message[]).push(
        createTextMessage('later', 'mutated', 'user'),
      );
      const loaded = (await store.load('session-1')) as Mutable<ContextState>;
      (loaded.original as Message[]).length = 0;

      expect(await store.load('session-1')).toStrictEqual(state);
    });

    it('should let exactly one of 20 concurrent writers from the same revision win', async () => {
      const base = createRichState('race', 1);
      await store.save('race', base, { expectedRevision: null });
      const candidates = Array.from({ length: 20 }, (_, index) =>
        appendText(base, `writer-${index}`, 'user', `writer ${index}`),
      );

      const results = await Promise.allSettled(
        candidates.map(async (candidate) =>
          store.save('race', candidate, { expectedRevision: 1 }),
        ),
      );

      const winners = results.flatMap((result, index) =>
        result.status === 'fulfilled' ? [index] : [],
      );
      const losers = results.flatMap((result) =>
        result.status === 'rejected' ? [result.reason as unknown] : [],
      );
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(19);
      for (const reason of losers) {
        expect(StoreConflictError.isInstance(reason)).toBe(true);
      }
      expect(await store.load('race')).toStrictEqual(candidates[winners[0]!]);
    });

    it('should lose nothing over 50 compare-and-set updates from 2 interleaved writers', async () => {
      await store.save('counter', createRichState('counter', 1), {
        expectedRevision: null,
      });
      const updatesPerWriter = 25;

      const writer = async (writerName: string): Promise<number> => {
        let conflicts = 0;
        for (let update = 0; update < updatesPerWriter; update++) {
          for (;;) {
            const current = await store.load('counter');
            if (current === undefined) throw new Error('session vanished');
            const next = appendText(
              current,
              `${writerName}-${update}`,
              'user',
              `${writerName} update ${update}`,
            );
            try {
              await store.save('counter', next, {
                expectedRevision: current.revision,
              });
              break;
            } catch (error) {
              if (!StoreConflictError.isInstance(error)) throw error;
              conflicts++;
            }
          }
        }
        return conflicts;
      };

      await Promise.all([writer('left'), writer('right')]);

      const final = await store.load('counter');
      const base = createRichState('counter', 1);
      expect(final?.revision).toBe(1 + 2 * updatesPerWriter);
      const addedIds = final?.working
        .slice(base.working.length)
        .map(({ id }) => id);
      const expectedLeft = Array.from(
        { length: updatesPerWriter },
        (_, index) => `left-${index}`,
      );
      const expectedRight = Array.from(
        { length: updatesPerWriter },
        (_, index) => `right-${index}`,
      );
      expect(addedIds?.filter((id) => id.startsWith('left-'))).toStrictEqual(
        expectedLeft,
      );
      expect(addedIds?.filter((id) => id.startsWith('right-'))).toStrictEqual(
        expectedRight,
      );
      expect(addedIds).toHaveLength(2 * updatesPerWriter);
    });
  });
}

type Mutable<T> = { -readonly [Key in keyof T]: T[Key] };

/** Session ids a store must keep apart (or refuse): path tricks, case, encodings, unicode, length. */
const ODD_SESSION_IDS: readonly string[] = [
  'a/b',
  'a\\b',
  '../x',
  '..',
  '.',
  '.hidden',
  'with space',
  ' leading-space',
  'A',
  'a',
  '%41',
  'a%2Fb',
  'a:b',
  'a:b:c',
  '{tag}',
  'star*?[x]',
  'CON',
  'x.json',
  'x.json.tmp',
  'x.lock',
  '日本語のセッション',
  'emoji 🙂👩‍💻',
  'e\u0301',
  '\u00e9',
  'x'.repeat(200),
  'y'.repeat(199) + 'z',
  '🙂'.repeat(100),
  '',
  'nul\u0000inside',
  'lone\ud800surrogate',
];

const FIRST_OFFLOAD_ID = '5f0c6a1e9b2d4c7f8a3e1d0b6c9f2a47';
const SECOND_OFFLOAD_ID = 'c3d9e1f05a7b4826b1e0f9d3c2a5b748';

function createTextMessage(
  id: string,
  text: string,
  role: Message['role'],
): Message {
  return { id, role, content: [{ type: 'text', text }] };
}

function appendText(
  state: ContextState,
  id: string,
  role: Message['role'],
  text: string,
  revisionIncrement = 1,
): ContextState {
  const message = createTextMessage(id, text, role);
  return {
    ...state,
    working: [...state.working, message],
    original: [...state.original, message],
    revision: state.revision + revisionIncrement,
  };
}

/** A small state with every part kind, metadata, an offload entry and an event. */
function createRichState(sessionId: string, revision: number): ContextState {
  const offloaded: Message = {
    id: 'tool-1',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call-1',
        toolName: 'bash',
        output: {
          stdout: 'README.md\nsrc\n',
          exitCode: 0,
          files: ['README.md', 'src'],
        },
        isError: false,
      },
    ],
  };
  const stub: Message = {
    id: 'tool-1-stub',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call-1',
        toolName: 'bash',
        output: `[offloaded, reload id ${FIRST_OFFLOAD_ID}] README.md`,
      },
    ],
    metadata: {
      acm: {
        kind: 'offload-stub',
        strategy: 'offloadLargeMessages',
        offloadId: FIRST_OFFLOAD_ID,
      },
    },
  };
  const head: Message[] = [
    createTextMessage('system', 'You are a careful agent.', 'system'),
    createTextMessage('user-1', 'List the files, please.', 'user'),
    {
      id: 'assistant-1',
      role: 'assistant',
      content: [
        {
          type: 'reasoning',
          text: 'I should run ls.',
          providerMetadata: { signature: 'sig-1' },
        },
        {
          type: 'tool-call',
          toolCallId: 'call-1',
          toolName: 'bash',
          input: { command: 'ls', options: { all: true, depth: [1, 2, null] } },
        },
      ],
    },
  ];
  const tail: Message[] = [
    {
      id: 'assistant-2',
      role: 'assistant',
      name: 'agent',
      content: [
        { type: 'text', text: 'Two entries: README.md and src.' },
        {
          type: 'file',
          mediaType: 'text/plain',
          data: 'aGVsbG8=',
          filename: 'hello.txt',
        },
      ],
      metadata: { trace: { step: 2, ok: true, ratio: 0.25 } },
    },
  ];
  const event: CompressionEvent = {
    type: 'compression',
    strategy: 'offloadLargeMessages',
    at: 1_700_000_000_000,
    range: { start: 3, end: 4 },
    messageCount: 1,
    tokensBefore: 120,
    tokensAfter: 20,
    offloadIds: [FIRST_OFFLOAD_ID],
    previousMessageId: 'assistant-1',
    nextMessageId: 'assistant-2',
    replacementIds: ['tool-1-stub'],
  };
  return {
    sessionId,
    working: [...head, stub, ...tail],
    original: [...head, offloaded, ...tail],
    offloads: { [FIRST_OFFLOAD_ID]: [offloaded] },
    events: [event],
    revision,
  };
}

/** 2,000 messages and an offload entry of about 4 MB. */
function createLargeState(sessionId: string, revision: number): ContextState {
  const messages: Message[] = Array.from({ length: 2_000 }, (_, index) =>
    createTextMessage(
      `message-${index}`,
      `Message ${index}: ${'lorem ipsum dolor sit amet '.repeat(8)}`,
      index % 2 === 0 ? 'user' : 'assistant',
    ),
  );
  const line =
    'drwxr-xr-x  2 agent agent 4096 Jan  1 00:00 some/long/path/to/a/file.ts\n';
  const bigOutput = line.repeat(Math.ceil((4 * 1024 * 1024) / line.length));
  const bigResult: Message = {
    id: 'big-result',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call-big',
        toolName: 'find',
        output: bigOutput,
      },
    ],
  };
  return {
    sessionId,
    working: messages,
    original: messages,
    offloads: { [FIRST_OFFLOAD_ID]: [bigResult] },
    events: [],
    revision,
  };
}

const UNICODE_SAMPLES: readonly string[] = [
  '日本語のテキストと中文文本，한국어 텍스트',
  'emoji 🙂 👩‍💻 🇫🇷 👍🏽 family 👨‍👩‍👧‍👦',
  'combining: e\u0301 a\u0308 n\u0303 Z\u0351\u0334\u0330',
  'nul \u0000 inside \u0000\u0000 twice, and \u0001 soh',
  'quotes " \' ` and backslashes \\ \\\\ \\u0000 \\n',
  'control \b\f\n\r\t\u001f\u007f and separators \u2028 \u2029',
  '{"looks":"like json","n":[1,2]}',
  'lone surrogates \ud800 and \udfff, and a cut pair \ud83d',
  'rtl עברית العربية and zero width \u200b\u200d\ufeff',
  '\uffff\ufffe noncharacters',
];

/** Every awkward string in text, tool input and output, metadata keys and values, and an offload. */
function createUnicodeState(sessionId: string, revision: number): ContextState {
  const messages: Message[] = UNICODE_SAMPLES.map((text, index) => ({
    id: `unicode-${index}-${text.slice(0, 4)}`,
    role: index % 2 === 0 ? 'user' : 'assistant',
    content: [{ type: 'text', text }],
    metadata: { [`key ${text}`]: text, nested: [text, { [text]: index }] },
  }));
  const toolMessages: Message[] = [
    {
      id: 'call-unicode',
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: 'call-ü-🙂',
          toolName: 'search',
          input: {
            query: UNICODE_SAMPLES.join('\n'),
            'ключ\u0000': 'значение',
          },
        },
      ],
    },
    {
      id: 'result-unicode',
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call-ü-🙂',
          toolName: 'search',
          output: {
            lines: UNICODE_SAMPLES,
            raw: UNICODE_SAMPLES.join('\u0000'),
          },
        },
      ],
    },
  ];
  const all = [...messages, ...toolMessages];
  return {
    sessionId,
    working: all,
    original: all,
    offloads: { [FIRST_OFFLOAD_ID]: toolMessages },
    events: [],
    revision,
  };
}

/** A small state whose content names its session, so a mix-up between ids shows. */
function createTaggedState(sessionId: string, revision: number): ContextState {
  const message = createTextMessage('tag', `state of ${sessionId}`, 'user');
  return {
    sessionId,
    working: [message],
    original: [message],
    offloads: {},
    events: [],
    revision,
  };
}
