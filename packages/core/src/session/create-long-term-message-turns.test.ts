import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import { createEmbeddedLongTermBackend } from '../tools/long-term/create-embedded-long-term-backend';
import { createLongTermMemory } from '../tools/long-term/create-long-term-memory';
import type { LongTermMemoryMode } from '../tools/long-term/create-long-term-memory';
import { formatLongTermMemoryBlock } from '../tools/long-term/format-long-term-memory-block';
import type { Message } from '../vocabulary/message/message';
import { captureError } from '../testing/capture-error';
import { fixedClock } from '../testing/fixed-clock';
import { sequentialIds } from '../testing/sequential-ids';
import type { LongTermMemorySourceOf } from './create-long-term-message-turns';
import {
  NO_LONG_TERM_MEMORY_REPLY,
  createLongTermMessageTurns,
  createLongTermTools,
  resolveLongTermMode,
} from './create-long-term-message-turns';

/** A framework message (LangChain-like: a type, string or block content, an optional id). */
interface FrameworkMessage {
  readonly type: 'human' | 'ai';
  readonly content: string | readonly unknown[];
  readonly id?: string;
}

const longTermMemory = (mode: LongTermMemoryMode = 'both') =>
  createLongTermMemory({
    backend: createEmbeddedLongTermBackend(),
    owner: { userId: 'user-1' },
    mode,
    sessionId: 'session-1',
    clock: fixedClock(1_000),
    ids: sequentialIds('ltm'),
  });

const toCore = (messages: readonly FrameworkMessage[], offset: number) =>
  messages.map((message, index): Message => ({
    id: message.id ?? `m-${offset + index}`,
    role: message.type === 'human' ? 'user' : 'assistant',
    content:
      typeof message.content === 'string'
        ? [{ type: 'text', text: message.content }]
        : (message.content as Message['content']),
  }));

describe('resolveLongTermMode', () => {
  it("should give a memory's own mode, a getter's given mode, and refuse a getter without one", async () => {
    const memory = longTermMemory('agent');
    expect(resolveLongTermMode(memory, 'static')).toBe('agent');
    expect(resolveLongTermMode(() => memory, 'static')).toBe('static');
    const error = await captureError(() =>
      resolveLongTermMode(() => memory, undefined),
    );
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).parameter).toBe('mode');
  });
});

describe('createLongTermTools', () => {
  it("should answer record_to_memory and retrieve_from_memory with the call's memory", async () => {
    const memory = longTermMemory('agent');
    const tools = createLongTermTools<{ user?: string }>(
      (context) => (context.user === 'user-1' ? memory : undefined),
      'agent',
    );
    expect(
      tools.map(({ name, description, inputSchema }) => ({
        name,
        description,
        inputSchema,
      })),
    ).toEqual(memory.tools);
    const [record, retrieve] = tools;
    expect(
      await record!.handler(
        { thinking: 'a preference', content: ['Prefers aisle seats.'] },
        { user: 'user-1' },
      ),
    ).toBe('Recorded 1 memory to long-term memory.');
    expect(
      await retrieve!.handler({ keywords: ['aisle'] }, { user: 'user-1' }),
    ).toBe('- Prefers aisle seats.');
    expect(
      await retrieve!.handler({ keywords: ['aisle'] }, { user: 'user-2' }),
    ).toBe(NO_LONG_TERM_MEMORY_REPLY);
  });

  it("should give no tools in 'static' mode", () => {
    expect(createLongTermTools(longTermMemory('static'))).toEqual([]);
    expect(createLongTermTools(() => undefined, 'static')).toEqual([]);
    expect(createLongTermTools(longTermMemory('both'))).toHaveLength(2);
  });
});

describe('createLongTermMessageTurns', () => {
  const setUp = (
    memory: LongTermMemorySourceOf<{ user?: string }>,
    errors: unknown[] = [],
    mode?: LongTermMemoryMode,
  ) =>
    createLongTermMessageTurns<FrameworkMessage, { user?: string }>({
      memory,
      mode,
      isUser: (message) => message.type === 'human',
      toCore,
      withContent: (message, content) => ({ ...message, content }),
      onError: (error, context) => errors.push([String(error), context]),
    });

  it('should put the memories relevant to the latest user message first in it, and nothing else', async () => {
    const memory = longTermMemory('static');
    await memory.remember(['Prefers aisle seats.']);
    const turns = setUp(memory);
    const messages: FrameworkMessage[] = [
      { type: 'human', content: 'Book a flight, aisle seat.', id: 'h1' },
      { type: 'ai', content: 'Where to?' },
      {
        type: 'human',
        content: [{ type: 'text', text: 'Lyon, with an aisle seat.' }],
      },
      { type: 'ai', content: 'Searching.' },
    ];
    const injected = await turns.inject(messages, {});
    expect(injected).toEqual([
      messages[0],
      messages[1],
      {
        type: 'human',
        content: [
          {
            type: 'text',
            text: formatLongTermMemoryBlock('- Prefers aisle seats.'),
          },
          { type: 'text', text: 'Lyon, with an aisle seat.' },
        ],
      },
      messages[3],
    ]);
    expect(injected[1]).toBe(messages[1]);
    // A string content becomes a text part after the block.
    const single = await turns.inject([messages[0]!], {});
    expect(single[0]!.content).toEqual([
      {
        type: 'text',
        text: formatLongTermMemoryBlock('- Prefers aisle seats.'),
      },
      { type: 'text', text: 'Book a flight, aisle seat.' },
    ]);
    // Nothing relevant, no user message, no memory for the call, or agent mode: the very same list.
    const unrelated = [{ type: 'human', content: 'Weather?' } as const];
    expect(await setUp(longTermMemory('static')).inject(unrelated, {})).toBe(
      unrelated,
    );
    const noUser = [messages[1]!];
    expect(await turns.inject(noUser, {})).toBe(noUser);
    const byUser = setUp(
      (context) => (context.user === 'user-1' ? memory : undefined),
      [],
      'static',
    );
    expect(await byUser.inject(messages, { user: 'user-2' })).toBe(messages);
    expect(await byUser.inject(messages, { user: 'user-1' })).toEqual(injected);
    expect(await setUp(memory, [], 'agent').inject(messages, {})).toEqual(
      injected,
    );
    expect(await setUp(() => memory, [], 'agent').inject(messages, {})).toBe(
      messages,
    );
  });

  it('should record the turn from the latest user message on, in the background', async () => {
    const memory = longTermMemory('static');
    const turns = setUp(memory);
    const messages: FrameworkMessage[] = [
      { type: 'human', content: 'I live in Lyon.', id: 'h1' },
      { type: 'ai', content: 'Noted.' },
      { type: 'human', content: 'My seat preference is the aisle.' },
      { type: 'ai', content: 'Noted too.' },
    ];
    turns.record(messages, {});
    messages.push({ type: 'human', content: 'Unrelated later message.' });
    await turns.flush();
    expect(await memory.retrieve('aisle seat preference')).toContain(
      'My seat preference is the aisle.',
    );
    expect(await memory.retrieve('Lyon')).not.toContain('Lyon');
    expect(await memory.retrieve('Unrelated later')).toBe('');
    const agentMode = longTermMemory('agent');
    const agentTurns = setUp(agentMode);
    agentTurns.record(messages, {});
    await agentTurns.flush();
    expect(await agentMode.retrieve('aisle seat preference')).toBe('');
  });

  it('should go on without memories when retrieval fails and onError is given', async () => {
    const errors: unknown[] = [];
    const memory = longTermMemory('static');
    const failing = {
      ...memory,
      retrieve: () => Promise.reject(new Error('backend down')),
    };
    const messages: FrameworkMessage[] = [{ type: 'human', content: 'Hi.' }];
    expect(await setUp(failing, errors).inject(messages, {})).toBe(messages);
    expect(errors).toEqual([
      ['Error: backend down', { operation: 'retrieve' }],
    ]);
  });
});
