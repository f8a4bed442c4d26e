import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { LongTermMemoryError } from '../../vocabulary/error/long-term-memory-error';
import type { Message } from '../../vocabulary/message/message';
import { captureError } from '../../testing/capture-error';
import { fixedClock } from '../../testing/fixed-clock';
import { sequentialIds } from '../../testing/sequential-ids';
import {
  createEmbeddedLongTermBackend,
  replayLongTermJournal,
} from './create-embedded-long-term-backend';
import type { LongTermJournalEntry } from './create-embedded-long-term-backend';
import { createLongTermMemory } from './create-long-term-memory';
import type { CreateLongTermMemoryOptions } from './create-long-term-memory';
import { formatLongTermMemoryBlock } from './format-long-term-memory-block';
import type {
  LongTermMemoryBackend,
  LongTermRecord,
} from './long-term-memory-backend';
import {
  RECORD_TO_MEMORY_TOOL_NAME,
  RETRIEVE_FROM_MEMORY_TOOL_NAME,
} from './long-term-tool-definitions';
import { replayLongTermRecordedMessages } from './replay-long-term-recorded-messages';

const user = (id: string, text: string): Message => ({
  id,
  role: 'user',
  content: [{ type: 'text', text }],
});
const assistant = (id: string, text: string): Message => ({
  id,
  role: 'assistant',
  content: [{ type: 'text', text }],
});

/** A backend that records calls and can be made to fail. */
function spyBackend(inner = createEmbeddedLongTermBackend()) {
  const added: LongTermRecord[][] = [];
  let failing = false;
  const backend: LongTermMemoryBackend = {
    async add(records, options) {
      if (failing) throw new Error('connection refused');
      const result = await inner.add(records, options);
      if (result.status === 'added') added.push([...records]);
      return result;
    },
    async findRecordedMessages(request) {
      if (failing) throw new Error('connection refused');
      return inner.findRecordedMessages(request);
    },
    async search(request) {
      if (failing) throw new Error('connection refused');
      return inner.search(request);
    },
    async deleteOwner(owner) {
      if (failing) throw new Error('connection refused');
      return inner.deleteOwner(owner);
    },
  };
  return {
    backend,
    added,
    inner,
    fail(value: boolean) {
      failing = value;
    },
  };
}

function memoryOf(
  overrides: Partial<CreateLongTermMemoryOptions> = {},
  backend: LongTermMemoryBackend = createEmbeddedLongTermBackend(),
) {
  return createLongTermMemory({
    backend,
    owner: { userId: 'mia_li_3668' },
    mode: 'both',
    sessionId: 'session-1',
    clock: fixedClock(1_000),
    ids: sequentialIds('ltm'),
    ...overrides,
  });
}

describe('createLongTermMemory', () => {
  it('should offer no tools in static mode and both tools in agent and both modes', () => {
    expect(memoryOf({ mode: 'static' }).tools).toStrictEqual([]);
    for (const mode of ['agent', 'both'] as const) {
      expect(memoryOf({ mode }).tools.map((tool) => tool.name)).toStrictEqual([
        'record_to_memory',
        'retrieve_from_memory',
      ]);
    }
  });

  it('should record a conversation and retrieve it in a later session (static mode)', async () => {
    const backend = createEmbeddedLongTermBackend();
    const first = memoryOf({ mode: 'static' }, backend);
    await first.record([
      { id: 's', role: 'system', content: [{ type: 'text', text: 'policy' }] },
      user('u1', 'My user id is mia_li_3668 and I prefer aisle seats.'),
      assistant('a1', 'Noted: you prefer aisle seats.'),
      {
        id: 'a2',
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'c1',
            toolName: 'book_reservation',
            input: { origin: 'JFK', destination: 'SEA' },
          },
        ],
      },
    ]);
    const later = memoryOf({ mode: 'static', sessionId: 'session-2' }, backend);

    const text = await later.retrieve(user('n1', 'Which seats do I like?'));

    expect(text).toBe(
      '- Noted: you prefer aisle seats.\n- My user id is mia_li_3668 and I prefer aisle seats.',
    );
    expect(formatLongTermMemoryBlock(text)).toBe(
      `<long_term_memory>\n${text}\n</long_term_memory>`,
    );
    const hits = await later.search('book_reservation JFK');
    expect(hits.map((hit) => hit.record)).toStrictEqual([
      {
        id: 'ltm-2',
        owner: { userId: 'mia_li_3668' },
        text: 'book_reservation {"origin":"JFK","destination":"SEA"}',
        createdAt: 1_000,
        sessionId: 'session-1',
        source: 'framework',
        metadata: { messageId: 'a2', role: 'assistant' },
      },
    ]);
  });

  it('should record each message once, however often the conversation is passed', async () => {
    const spy = spyBackend();
    const memory = memoryOf({}, spy.backend);
    const conversation = [
      user('u1', 'first fact'),
      assistant('a1', 'second fact'),
    ];

    await memory.record(conversation);
    await memory.record([...conversation, user('u2', 'third fact')]);

    expect(spy.added.map((batch) => batch.map((r) => r.text))).toStrictEqual([
      ['first fact', 'second fact'],
      ['third fact'],
    ]);
  });

  it('should record each message once across a restart and a re-sent conversation', async () => {
    const journal: LongTermJournalEntry[] = [];
    const before = createEmbeddedLongTermBackend({
      journal: (entry) => void journal.push(entry),
    });
    await memoryOf({ mode: 'static' }, before).record([
      user('u1', 'my seat is 14C'),
      assistant('a1', 'noted, 14C'),
      user('u2', 'and my meal is vegan'),
    ]);
    // A restart: a new backend over what the first one journaled, a new memory.
    const after = createEmbeddedLongTermBackend({
      records: replayLongTermJournal(journal),
      recordedMessages: replayLongTermRecordedMessages(journal),
    });
    const restarted = memoryOf(
      { mode: 'static', ids: sequentialIds('after') },
      after,
    );

    await restarted.record([
      user('u1', 'my seat is 14C'),
      assistant('a1', 'noted, 14C'),
      user('u2', 'and my meal is vegan'),
      assistant('a2', 'vegan meal noted'),
      user('u3', 'thanks'),
    ]);

    expect(after.records().map((r) => r.metadata?.messageId)).toStrictEqual([
      'u1',
      'a1',
      'u2',
      'a2',
      'u3',
    ]);
  });

  it('should record each message once when two instances record the same conversation at once', async () => {
    const backend = createEmbeddedLongTermBackend();
    const one = memoryOf({ ids: sequentialIds('one') }, backend);
    const two = memoryOf({ ids: sequentialIds('two') }, backend);
    const conversation = [
      user('u1', 'first fact'),
      assistant('a1', 'second fact'),
      user('u2', 'third fact'),
    ];

    await Promise.all([one.record(conversation), two.record(conversation)]);

    expect(backend.records().map((r) => r.metadata?.messageId)).toStrictEqual([
      'u1',
      'a1',
      'u2',
    ]);
  });

  it('should drop what another instance recorded meanwhile and extract only the rest', async () => {
    const backend = createEmbeddedLongTermBackend();
    const extracted: string[][] = [];
    const extract = (messages: readonly Message[]) => {
      extracted.push(messages.map((message) => message.id));
      return messages.map((message) => `fact of ${message.id}`);
    };
    const one = memoryOf({ extract, ids: sequentialIds('one') }, backend);
    const two = memoryOf({ extract, ids: sequentialIds('two') }, backend);
    const conversation = [user('u1', 'a')];
    await one.record(conversation);
    await two.record([user('u1', 'a'), assistant('a1', 'b')]);

    // `one` continues its own list: it reads only a1 and u2, asks nothing
    // first, and the write reports a1 as recorded by `two`.
    conversation.push(assistant('a1', 'b'), user('u2', 'c'));
    await one.record(conversation);

    expect(extracted).toStrictEqual([['u1'], ['a1'], ['a1', 'u2'], ['u2']]);
    expect(backend.records().map((r) => r.text)).toStrictEqual([
      'fact of u1',
      'fact of a1',
      'fact of u2',
    ]);
  });

  it('should read only the new messages of a conversation that continues the last one', async () => {
    const backend = createEmbeddedLongTermBackend();
    const memory = memoryOf({}, backend);
    let reads = 0;
    const counted = (message: Message): Message =>
      Object.defineProperties(
        {},
        Object.fromEntries(
          Object.entries(message).map(([key, value]: [string, unknown]) => [
            key,
            {
              enumerable: true,
              get: () => {
                if (key !== 'id') reads++;
                return value;
              },
            },
          ]),
        ),
      ) as Message;
    const history = Array.from({ length: 200 }, (_, index) =>
      counted(user(`m${index}`, `fact number ${index}`)),
    );
    await memory.record(history);
    const readsOfFirstCall = reads;
    reads = 0;

    await memory.record([...history, user('m200', 'fact number 200')]);
    const readsOfNextCall = reads;
    reads = 0;
    // A list that does not continue the last one is read again, and the
    // backend's marks keep it from being recorded twice.
    await memory.record([user('x', 'other start'), ...history]);

    expect(readsOfFirstCall).toBeGreaterThanOrEqual(200);
    expect(readsOfNextCall).toBe(0);
    expect(reads).toBeGreaterThanOrEqual(200);
    expect(backend.records()).toHaveLength(202);
  });

  it('should record a new message between two whose content-derived ids repeat', async () => {
    const backend = createEmbeddedLongTermBackend();
    const memory = memoryOf({}, backend);
    const tool = (id: string, output: string): Message => ({
      id,
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: id,
          toolName: 'lookup',
          output,
        },
      ],
    });

    // Two turns of one session, as an adapter passes them: the user's "yes"
    // and the answer "Done." have the same ids in both (named by content).
    await memory.record([
      user('h-yes', 'yes'),
      tool('r1', 'seat 14C booked'),
      assistant('h-done', 'Done.'),
    ]);
    await memory.record([
      user('h-yes', 'yes'),
      tool('r2', 'meal changed to vegan'),
      assistant('h-done', 'Done.'),
    ]);

    expect(backend.records().map((r) => r.metadata?.messageId)).toStrictEqual([
      'h-yes',
      'r1',
      'h-done',
      'r2',
    ]);
  });

  it('should ask the backend only about ids it does not know when a list is rebuilt every turn', async () => {
    const inner = createEmbeddedLongTermBackend();
    const asked: string[][] = [];
    const memory = memoryOf(
      {},
      {
        ...inner,
        add: (records, options) => inner.add(records, options),
        findRecordedMessages: (request) => {
          asked.push([...request.messageIds]);
          return inner.findRecordedMessages(request);
        },
        search: (request) => inner.search(request),
        deleteOwner: (owner) => inner.deleteOwner(owner),
      },
    );
    const rebuilt = (count: number) =>
      Array.from({ length: count }, (_, index) =>
        user(`m${index}`, `fact ${index}`),
      );

    await memory.record(rebuilt(3));
    await memory.record(rebuilt(5));

    expect(asked).toStrictEqual([
      ['m0', 'm1', 'm2'],
      ['m3', 'm4'],
    ]);
    expect(inner.records()).toHaveLength(5);
  });

  it('should forget after the recordings already started, then record the conversation again', async () => {
    const backend = createEmbeddedLongTermBackend();
    const memory = memoryOf({}, backend);
    const conversation = [user('u1', 'the gate code is 4471')];

    const recording = memory.record(conversation);
    const forgetting = memory.forget();
    await recording;

    expect(await forgetting).toBe(1);
    expect(backend.records()).toStrictEqual([]);
    await memory.record(conversation);
    expect(backend.records().map((r) => r.text)).toStrictEqual([
      'the gate code is 4471',
    ]);
  });

  it('should return an empty string when nothing matches or the query is blank', async () => {
    const memory = memoryOf();
    await memory.record([user('u1', 'I like tea')]);

    expect(await memory.retrieve('coffee')).toBe('');
    expect(await memory.retrieve('   ')).toBe('');
    expect(formatLongTermMemoryBlock('')).toBe('');
  });

  it('should never show another owner’s memories', async () => {
    const backend = createEmbeddedLongTermBackend();
    await memoryOf(
      { owner: { userId: 'alice' }, ids: sequentialIds('alice') },
      backend,
    ).record([user('u1', 'Alice reservation XK42QZ to Boston')]);
    const bob = memoryOf({ owner: { userId: 'bob' } }, backend);

    expect(await bob.retrieve('reservation Boston XK42QZ')).toBe('');
    expect(
      await bob.handleToolCall(RETRIEVE_FROM_MEMORY_TOOL_NAME, {
        keywords: ['XK42QZ'],
      }),
    ).toBe('No long-term memories match ["XK42QZ"].');
  });

  it('should answer the agent tools with scripted calls (agent mode)', async () => {
    const spy = spyBackend();
    const memory = memoryOf({ mode: 'agent' }, spy.backend);

    const recorded = await memory.handleToolCall(RECORD_TO_MEMORY_TOOL_NAME, {
      thinking: 'The user told me their seat preference.',
      content: [
        'The user prefers aisle seats',
        '  ',
        'The user flies from JFK',
      ],
    });
    const retrieved = await memory.handleToolCall(
      RETRIEVE_FROM_MEMORY_TOOL_NAME,
      { keywords: ['aisle', 'seats'] },
    );

    expect(recorded).toBe('Recorded 2 memories to long-term memory.');
    expect(retrieved).toBe('- The user prefers aisle seats');
    expect(spy.added).toStrictEqual([
      [
        {
          id: 'ltm-0',
          owner: { userId: 'mia_li_3668' },
          text: 'The user prefers aisle seats',
          createdAt: 1_000,
          sessionId: 'session-1',
          source: 'agent',
          metadata: { thinking: 'The user told me their seat preference.' },
        },
        {
          id: 'ltm-1',
          owner: { userId: 'mia_li_3668' },
          text: 'The user flies from JFK',
          createdAt: 1_000,
          sessionId: 'session-1',
          source: 'agent',
          metadata: { thinking: 'The user told me their seat preference.' },
        },
      ],
    ]);
  });

  it('should answer bad tool arguments with a one-line error and record nothing', async () => {
    const spy = spyBackend();
    const memory = memoryOf({ mode: 'agent' }, spy.backend);

    const answers = [
      await memory.handleToolCall(RECORD_TO_MEMORY_TOOL_NAME, null),
      await memory.handleToolCall(RECORD_TO_MEMORY_TOOL_NAME, { content: 42 }),
      await memory.handleToolCall(RECORD_TO_MEMORY_TOOL_NAME, { content: [] }),
      await memory.handleToolCall(RECORD_TO_MEMORY_TOOL_NAME, {
        content: Array.from({ length: 21 }, (_, i) => `fact ${i}`),
      }),
      await memory.handleToolCall(RETRIEVE_FROM_MEMORY_TOOL_NAME, {}),
      await memory.handleToolCall(RETRIEVE_FROM_MEMORY_TOOL_NAME, {
        keywords: [' '],
      }),
    ];

    expect(answers).toStrictEqual([
      'Error: the arguments must be an object. Call record_to_memory with {"thinking": "<why>", "content": ["<fact>", …]}.',
      'Error: content must be an array of strings. Call record_to_memory with {"thinking": "<why>", "content": ["<fact>", …]}.',
      'Error: content holds no text to remember. Call record_to_memory with {"thinking": "<why>", "content": ["<fact>", …]}.',
      'Error: at most 20 items per call (got 21).',
      'Error: keywords must be an array of strings. Call retrieve_from_memory with {"keywords": ["<keyword>", …]}.',
      'Error: keywords are empty. Call retrieve_from_memory with {"keywords": ["<keyword>", …]}.',
    ]);
    expect(spy.added).toStrictEqual([]);
  });

  it('should refuse tool calls that its mode does not offer', async () => {
    const memory = memoryOf({ mode: 'static' });

    const error = await captureError(() =>
      memory.handleToolCall(RECORD_TO_MEMORY_TOOL_NAME, { content: ['x'] }),
    );
    const unknown = await captureError(() =>
      memoryOf({ mode: 'agent' }).handleToolCall('context_reload', {}),
    );

    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as InvalidArgumentError).parameter).toBe('name');
    expect(InvalidArgumentError.isInstance(unknown)).toBe(true);
  });

  it('should leave everything as it was when the backend fails, then record on retry', async () => {
    const spy = spyBackend();
    const memory = memoryOf({}, spy.backend);
    spy.fail(true);

    const error = await captureError(() =>
      memory.record([user('u1', 'the gate code is 4471')]),
    );
    const toolAnswer = await memory.handleToolCall(RECORD_TO_MEMORY_TOOL_NAME, {
      thinking: 'x',
      content: ['gate code 4471'],
    });
    const searchAnswer = await memory.handleToolCall(
      RETRIEVE_FROM_MEMORY_TOOL_NAME,
      { keywords: ['gate'] },
    );
    const retrieveError = await captureError(() => memory.retrieve('gate'));

    expect(LongTermMemoryError.isInstance(error)).toBe(true);
    expect((error as LongTermMemoryError).operation).toBe('add');
    expect((error as LongTermMemoryError).message).toBe(
      'Long-term memory add failed: connection refused',
    );
    expect(toolAnswer).toBe(
      'Error: nothing was recorded to long-term memory: Long-term memory add failed: connection refused',
    );
    expect(searchAnswer).toBe(
      'Error: long-term memory could not be searched: Long-term memory search failed: connection refused',
    );
    expect((retrieveError as LongTermMemoryError).operation).toBe('search');
    expect(spy.inner.records()).toStrictEqual([]);

    spy.fail(false);
    await memory.record([user('u1', 'the gate code is 4471')]);
    expect(await memory.retrieve('gate code')).toBe('- the gate code is 4471');
  });

  it('should embed records and queries and pass the vectors to the backend', async () => {
    const spy = spyBackend();
    const embedded: string[][] = [];
    const memory = memoryOf(
      {
        embed: (texts) => {
          embedded.push([...texts]);
          return texts.map((text) => [text.length, 1]);
        },
      },
      spy.backend,
    );

    await memory.record([user('u1', 'window seat')]);
    await memory.retrieve('seat');

    expect(embedded).toStrictEqual([['window seat'], ['seat']]);
    expect(spy.added[0]![0]!.embedding).toStrictEqual([11, 1]);
  });

  it('should fail with LongTermMemoryError and record nothing when embed breaks its contract', async () => {
    const spy = spyBackend();
    const wrongCount = memoryOf({ embed: () => [] }, spy.backend);
    const notFinite = memoryOf(
      { embed: (t) => t.map(() => [Number.NaN]) },
      spy.backend,
    );
    const throwing = memoryOf(
      {
        embed: () => {
          throw new Error('model offline');
        },
      },
      spy.backend,
    );

    const errors = [
      await captureError(() => wrongCount.record([user('u1', 'a')])),
      await captureError(() => notFinite.record([user('u1', 'a')])),
      await captureError(() => throwing.record([user('u1', 'a')])),
    ];

    expect(
      errors.map((e) => (e as LongTermMemoryError).operation),
    ).toStrictEqual(['embed', 'embed', 'embed']);
    expect(errors.every((e) => LongTermMemoryError.isInstance(e))).toBe(true);
    expect(spy.added).toStrictEqual([]);
  });

  it('should end a record and a retrieve whose embed never settles with a typed timeout, recording nothing', async () => {
    const spy = spyBackend();
    const timers: { ms: number; controller: AbortController }[] = [];
    const signals: AbortSignal[] = [];
    let hang = true;
    let called: () => void = () => undefined;
    const memory = memoryOf(
      {
        embed: (texts, { signal }) => {
          signals.push(signal);
          called();
          return hang
            ? new Promise<never>(() => undefined)
            : texts.map(() => [1, 0]);
        },
        embedTimeoutMs: 250,
        timeoutSignal: (ms) => {
          const controller = new AbortController();
          timers.push({ ms, controller });
          return controller.signal;
        },
      },
      spy.backend,
    );
    const expire = async (run: () => Promise<unknown>) => {
      const embedding = new Promise<void>((resolve) => (called = resolve));
      const settled = captureError(run);
      await embedding;
      timers
        .at(-1)!
        .controller.abort(
          new DOMException('The operation timed out.', 'TimeoutError'),
        );
      return settled;
    };

    const recordError = await expire(() =>
      memory.record([user('u1', 'the gate code is 4471')]),
    );
    const retrieveError = await expire(() => memory.retrieve('gate code'));

    for (const error of [recordError, retrieveError]) {
      expect(LongTermMemoryError.isInstance(error)).toBe(true);
      expect((error as LongTermMemoryError).operation).toBe('embed');
      expect((error as LongTermMemoryError).message).toBe(
        'Long-term memory embed timed out: embed did not settle within embedTimeoutMs (250 ms)',
      );
    }
    expect(timers.map((timer) => timer.ms)).toStrictEqual([250, 250]);
    expect(signals.map((signal) => signal.aborted)).toStrictEqual([true, true]);
    expect(spy.added).toStrictEqual([]);
    expect(
      await spy.inner.findRecordedMessages({
        owner: { userId: 'mia_li_3668' },
        sessionId: 'session-1',
        messageIds: ['u1'],
      }),
    ).toStrictEqual([]);

    hang = false;
    await memory.record([user('u1', 'the gate code is 4471')]);
    expect(await memory.retrieve('gate code')).toBe('- the gate code is 4471');
  });

  it('should time a hung embed out with the default timer', async () => {
    const memory = memoryOf({
      embed: () => new Promise<never>(() => undefined),
      embedTimeoutMs: 20,
    });

    const error = await captureError(() => memory.retrieve('anything'));

    expect((error as LongTermMemoryError).operation).toBe('embed');
  });

  it('should record the facts extract returns instead of the messages', async () => {
    const spy = spyBackend();
    const memory = memoryOf(
      { extract: (messages) => [`${messages.length} messages`, ''] },
      spy.backend,
    );

    await memory.record([user('u1', 'a'), assistant('a1', 'b')]);

    expect(spy.added.map((b) => b.map((r) => r.text))).toStrictEqual([
      ['2 messages'],
    ]);
  });

  it('should split a message longer than a record may hold', async () => {
    const spy = spyBackend();
    const memory = memoryOf({}, spy.backend);
    const long = `${'word '.repeat(7_000)}tail`;

    await memory.record([user('u1', long)]);

    const batch = spy.added[0]!;
    expect(batch.map((r) => r.metadata?.part)).toStrictEqual(['1/2', '2/2']);
    expect(batch.map((r) => r.text).join(' ')).toBe(long);
  });

  it('should forget every record of its owner and no other', async () => {
    const backend = createEmbeddedLongTermBackend();
    const mia = memoryOf({}, backend);
    const other = memoryOf(
      { owner: { userId: 'other' }, ids: sequentialIds('other') },
      backend,
    );
    await mia.record([user('u1', 'mia fact'), user('u2', 'mia second fact')]);
    await other.record([user('u1', 'other fact')]);

    expect(await mia.forget()).toBe(2);
    expect(await mia.retrieve('fact')).toBe('');
    expect(await other.retrieve('fact')).toBe('- other fact');
  });

  it('should keep retrieve within maxRetrieveChars', async () => {
    const memory = memoryOf({ maxRetrieveChars: 100 });
    await memory.record([
      user('u1', `apple ${'a'.repeat(60)}`),
      user('u2', `apple ${'b'.repeat(60)}`),
    ]);

    const text = await memory.retrieve('apple');

    expect(text.split('\n')).toHaveLength(1);
    expect(text.length).toBeLessThanOrEqual(100);
  });

  it('should refuse bad options and bad input with InvalidArgumentError', async () => {
    const backend = createEmbeddedLongTermBackend();
    const bad: [string, Partial<CreateLongTermMemoryOptions>][] = [
      ['owner', { owner: {} }],
      ['mode', { mode: 'auto' as never }],
      ['backend', { backend: {} as never }],
      ['retrieveLimit', { retrieveLimit: 0 }],
      ['maxRetrieveChars', { maxRetrieveChars: 10 }],
      ['sessionId', { sessionId: '' }],
      ['recordRoles', { recordRoles: ['robot' as never] }],
      ['embed', { embed: 'yes' as never }],
      ['sessionId', { sessionId: 's'.repeat(257) }],
      ['embedTimeoutMs', { embedTimeoutMs: 0 }],
      ['embedTimeoutMs', { embedTimeoutMs: 1.5 }],
      ['timeoutSignal', { timeoutSignal: 5 as never }],
      [
        'backend',
        {
          backend: {
            add: () => backend.add([]),
            search: () => Promise.resolve([]),
            deleteOwner: () => Promise.resolve(0),
          } as never,
        },
      ],
    ];
    for (const [parameter, options] of bad) {
      const error = await captureError(() => memoryOf(options, backend));
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect((error as InvalidArgumentError).parameter).toBe(parameter);
    }
    const memory = memoryOf({}, backend);
    for (const [input, parameter] of [
      [null, 'messages'],
      ['text', 'messages'],
      [[{ id: 1 }], 'messages[0]'],
      [[user('u1', 'fine'), user('', 'blank id')], 'messages[1].id'],
      [[user('x'.repeat(513), 'long id')], 'messages[0].id'],
    ] as const) {
      const error = await captureError(() => memory.record(input as never));
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect((error as InvalidArgumentError).parameter).toBe(parameter);
    }
    expect(backend.records()).toStrictEqual([]);
    const query = await captureError(() => memory.retrieve(42 as never));
    expect((query as InvalidArgumentError).parameter).toBe('query');
  });
});

describe('formatLongTermMemoryBlock', () => {
  it('should neutralize a closing tag inside the text', () => {
    expect(formatLongTermMemoryBlock('a </long_term_memory> b')).toBe(
      '<long_term_memory>\na <\\/long_term_memory> b\n</long_term_memory>',
    );
  });
});
