import {
  RECORD_TO_MEMORY_TOOL_NAME,
  RETRIEVE_FROM_MEMORY_TOOL_NAME,
  createInMemoryLongTermBackend,
  createLongTermMemory,
} from '@acm/core/long-term';
import type {
  LongTermMemoryBackend,
  LongTermMemoryMode,
} from '@acm/core/long-term';
import { fixedClock, sequentialIds } from '@acm/core/testing';
import {
  generateText,
  isStepCount,
  jsonSchema,
  streamText,
  tool,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test';
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { autoContextMiddleware } from './auto-context-middleware';
import { longTermMemoryMiddleware } from './long-term-memory-middleware';
import { longTermMemoryTools } from './long-term-memory-tools';

const owner = { userId: 'james_lee_6136' };
const usage = {
  inputTokens: {
    total: 10,
    noCache: 10,
    cacheRead: undefined,
    cacheWrite: undefined,
  },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const stop = { unified: 'stop', raw: 'stop' } as const;
const toolCalls = { unified: 'tool-calls', raw: 'tool_calls' } as const;

type Prompt = LanguageModelV4Prompt;

/** The text parts of the prompt's messages, per message (for exact checks). */
function texts(prompt: Prompt): string[][] {
  return prompt.map((message) =>
    typeof message.content === 'string'
      ? [message.content]
      : message.content.flatMap((part) =>
          part.type === 'text' ? [part.text] : [],
        ),
  );
}

/** A backend that counts searches and holds every `add` until `release()`. */
function createGatedBackend(inner = createInMemoryLongTermBackend()) {
  const events: string[] = [];
  let open: () => void = () => undefined;
  let gate = Promise.resolve();
  const backend: LongTermMemoryBackend & {
    events: string[];
    searches: number;
    hold(): void;
    release(): void;
  } = {
    events,
    searches: 0,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      open();
    },
    async add(records, options) {
      events.push('add-start');
      await gate;
      const result = await inner.add(records, options);
      events.push('add-end');
      return result;
    },
    findRecordedMessages: (request) => inner.findRecordedMessages(request),
    async search(request) {
      backend.searches++;
      return inner.search(request);
    },
    deleteOwner: (who) => inner.deleteOwner(who),
  };
  return backend;
}

async function seededMemory(
  mode: LongTermMemoryMode,
  backend: LongTermMemoryBackend = createInMemoryLongTermBackend(),
) {
  const memory = createLongTermMemory({
    backend,
    owner,
    mode,
    clock: fixedClock(1_700_000_000_000),
    ids: sequentialIds('ltm'),
  });
  await memory.remember([
    'Reservation XEWRD9 (LAX to ATL) was upgraded to economy.',
    'The customer likes window seats.',
  ]);
  return memory;
}

function answerModel(answer: string, seen: Prompt[] = []) {
  return new MockLanguageModelV4({
    doGenerate: ({ prompt }) => {
      seen.push(prompt);
      return Promise.resolve({
        content: [{ type: 'text', text: answer }],
        finishReason: stop,
        usage,
        warnings: [],
      });
    },
  });
}

describe('longTermMemoryMiddleware', () => {
  it('should put the memories first in the latest user message, leave the rest byte-identical, and record the turn', async () => {
    const backend = createInMemoryLongTermBackend();
    const memory = await seededMemory('static', backend);
    const seen: Prompt[] = [];
    const ltm = longTermMemoryMiddleware({ memory });
    const model = wrapLanguageModel({
      model: answerModel('Your reservation XEWRD9 is in economy now.', seen),
      middleware: ltm,
    });

    const result = await generateText({
      model,
      system: 'You are an airline agent.',
      messages: [
        { role: 'user', content: 'Hello!' },
        { role: 'assistant', content: 'Hi, how can I help?' },
        { role: 'user', content: 'What happened to reservation XEWRD9?' },
      ],
    });
    await ltm.flush();

    expect(result.text).toBe('Your reservation XEWRD9 is in economy now.');
    expect(texts(seen[0]!)).toStrictEqual([
      ['You are an airline agent.'],
      ['Hello!'],
      ['Hi, how can I help?'],
      [
        '<long_term_memory>\n- Reservation XEWRD9 (LAX to ATL) was upgraded to economy.\n</long_term_memory>',
        'What happened to reservation XEWRD9?',
      ],
    ]);
    const recorded = await backend.search({
      owner,
      query: 'economy now',
      limit: 10,
    });
    expect(
      recorded
        .filter((hit) => hit.record.source === 'framework')
        .map((hit) => hit.record.text)
        .sort(),
    ).toStrictEqual([
      'Reservation XEWRD9 (LAX to ATL) was upgraded to economy.',
      'Your reservation XEWRD9 is in economy now.',
    ]);
  });

  it('should record a call sent again after a restart once', async () => {
    const backend = createInMemoryLongTermBackend();
    const call = async () => {
      // A new process: a new long-term memory and middleware over the same backend.
      const ltm = longTermMemoryMiddleware({
        memory: createLongTermMemory({
          backend,
          owner,
          mode: 'static',
          sessionId: 'thread-7',
        }),
      });
      await generateText({
        model: wrapLanguageModel({
          model: answerModel('Seat 14C is yours.'),
          middleware: ltm,
        }),
        messages: [
          { role: 'user', content: 'Hello!' },
          { role: 'assistant', content: 'Hi, how can I help?' },
          { role: 'user', content: 'Give me seat 14C please.' },
        ],
      });
      await ltm.flush();
    };

    await call();
    await call();

    const recorded = await backend.search({
      owner,
      query: 'seat 14C',
      limit: 10,
    });
    expect(recorded.map((hit) => hit.record.text).sort()).toStrictEqual([
      'Give me seat 14C please.',
      'Seat 14C is yours.',
    ]);
  });

  it('should retrieve once per user message and send the same block on every step of a tool loop', async () => {
    const backend = createGatedBackend();
    const memory = await seededMemory('static', backend);
    backend.searches = 0;
    const seen: Prompt[] = [];
    const model = wrapLanguageModel({
      model: new MockLanguageModelV4({
        doGenerate: ({ prompt }) => {
          seen.push(prompt);
          return Promise.resolve(
            seen.length === 1
              ? {
                  content: [
                    {
                      type: 'tool-call',
                      toolCallId: 'call-1',
                      toolName: 'get_reservation_details',
                      input: '{"reservation_id":"XEWRD9"}',
                    },
                  ],
                  finishReason: toolCalls,
                  usage,
                  warnings: [],
                }
              : {
                  content: [{ type: 'text', text: 'It flies LAX to ATL.' }],
                  finishReason: stop,
                  usage,
                  warnings: [],
                },
          );
        },
      }),
      middleware: longTermMemoryMiddleware({ memory }),
    });

    await generateText({
      model,
      prompt: 'Where does XEWRD9 fly?',
      stopWhen: isStepCount(3),
      tools: {
        get_reservation_details: tool({
          inputSchema: jsonSchema<{ reservation_id: string }>({
            type: 'object',
            properties: { reservation_id: { type: 'string' } },
          }),
          execute: () => '{"origin":"LAX","destination":"ATL"}',
        }),
      },
    });

    expect(seen).toHaveLength(2);
    expect(backend.searches).toBe(1);
    expect(seen[1]!.slice(0, seen[0]!.length)).toStrictEqual(seen[0]);
  });

  it('should return the reply before a slow recording resolves, and report a failed one to onError', async () => {
    const backend = createGatedBackend();
    const memory = await seededMemory('static', backend);
    backend.events.length = 0;
    backend.hold();
    const errors: unknown[] = [];
    const ltm = longTermMemoryMiddleware({
      memory,
      onError: (error, context) => errors.push([context.operation, error]),
    });
    const model = wrapLanguageModel({
      model: answerModel('Done.'),
      middleware: ltm,
    });

    const result = await generateText({ model, prompt: 'Change my seat.' });
    backend.events.push('reply');
    backend.release();
    await ltm.flush();

    expect(result.text).toBe('Done.');
    expect(backend.events).toStrictEqual(['add-start', 'reply', 'add-end']);
    expect(errors).toStrictEqual([]);

    const failing = longTermMemoryMiddleware({
      memory: createLongTermMemory({
        backend: {
          ...createInMemoryLongTermBackend(),
          add: () => Promise.reject(new Error('disk full')),
        },
        owner,
        mode: 'static',
      }),
      onError: (error, context) =>
        errors.push([context.operation, (error as Error).message]),
    });
    const reply = await generateText({
      model: wrapLanguageModel({
        model: answerModel('Still answered.'),
        middleware: failing,
      }),
      prompt: 'Hello',
    });
    await failing.flush();

    expect(reply.text).toBe('Still answered.');
    expect(errors).toStrictEqual([
      ['record', 'Long-term memory add failed: disk full'],
    ]);
  });

  it('should record a streamed answer once the stream has been read', async () => {
    const backend = createInMemoryLongTermBackend();
    const memory = await seededMemory('static', backend);
    const ltm = longTermMemoryMiddleware({ memory });
    const model = wrapLanguageModel({
      model: new MockLanguageModelV4({
        doStream: () =>
          Promise.resolve({
            stream: convertArrayToReadableStream([
              { type: 'text-start', id: 't' },
              { type: 'text-delta', id: 't', delta: 'Seat 12A ' },
              { type: 'text-delta', id: 't', delta: 'is booked.' },
              { type: 'text-end', id: 't' },
              { type: 'finish', finishReason: stop, usage },
            ]),
          }),
      }),
      middleware: ltm,
    });

    const result = streamText({ model, prompt: 'Book a window seat.' });
    const text = await result.text;
    await ltm.flush();

    expect(text).toBe('Seat 12A is booked.');
    const hits = await backend.search({ owner, query: '12A', limit: 5 });
    expect(hits.map((hit) => hit.record.text)).toStrictEqual([
      'Seat 12A is booked.',
    ]);
  });

  it('should do nothing in agent mode, where the tools record and retrieve', async () => {
    const backend = createInMemoryLongTermBackend();
    const memory = await seededMemory('agent', backend);
    const seen: Prompt[] = [];
    const toolResults: unknown[] = [];
    const model = wrapLanguageModel({
      model: new MockLanguageModelV4({
        doGenerate: ({ prompt }) => {
          seen.push(prompt);
          const calls = [
            {
              toolName: RETRIEVE_FROM_MEMORY_TOOL_NAME,
              input: { keywords: ['XEWRD9'] },
            },
            {
              toolName: RECORD_TO_MEMORY_TOOL_NAME,
              input: {
                thinking: 'a new preference',
                content: ['Prefers aisle seats from now on.'],
              },
            },
          ];
          const call = calls[seen.length - 1];
          return Promise.resolve(
            call === undefined
              ? {
                  content: [{ type: 'text', text: 'Noted.' }],
                  finishReason: stop,
                  usage,
                  warnings: [],
                }
              : {
                  content: [
                    {
                      type: 'tool-call',
                      toolCallId: `call-${seen.length}`,
                      toolName: call.toolName,
                      input: JSON.stringify(call.input),
                    },
                  ],
                  finishReason: toolCalls,
                  usage,
                  warnings: [],
                },
          );
        },
      }),
      middleware: longTermMemoryMiddleware({ memory }),
    });

    const result = await generateText({
      model,
      prompt: 'I prefer aisle seats now. What about XEWRD9?',
      tools: longTermMemoryTools(memory),
      stopWhen: isStepCount(4),
    });
    for (const step of result.steps) {
      for (const part of step.content) {
        if (part.type === 'tool-result') toolResults.push(part.output);
      }
    }

    expect(texts(seen[0]!)).toStrictEqual([
      ['I prefer aisle seats now. What about XEWRD9?'],
    ]);
    expect(Object.keys(longTermMemoryTools(memory))).toStrictEqual([
      RECORD_TO_MEMORY_TOOL_NAME,
      RETRIEVE_FROM_MEMORY_TOOL_NAME,
    ]);
    expect(toolResults).toStrictEqual([
      '- Reservation XEWRD9 (LAX to ATL) was upgraded to economy.',
      'Recorded 1 memory to long-term memory.',
    ]);
    const hits = await backend.search({ owner, query: 'aisle', limit: 5 });
    expect(
      hits.map((hit) => [hit.record.text, hit.record.source]),
    ).toStrictEqual([['Prefers aisle seats from now on.', 'agent']]);
  });

  it('should inject and offer the tools in both mode, after ACM manages the conversation without the block', async () => {
    const memory = await seededMemory('both');
    const seen: Prompt[] = [];
    const acm = autoContextMiddleware({ sessionId: 'chat-1' });
    const ltm = longTermMemoryMiddleware({ memory });
    const model = wrapLanguageModel({
      model: answerModel('XEWRD9 is in economy.', seen),
      middleware: [acm, ltm],
    });

    await generateText({
      model,
      prompt: 'Is XEWRD9 upgraded?',
      tools: longTermMemoryTools(memory),
    });
    await ltm.flush();

    expect(texts(seen[0]!)).toStrictEqual([
      [
        '<long_term_memory>\n- Reservation XEWRD9 (LAX to ATL) was upgraded to economy.\n</long_term_memory>',
        'Is XEWRD9 upgraded?',
      ],
    ]);
    expect(
      acm
        .getMemory('chat-1')!
        .getOriginalMessages()
        .map((message) =>
          message.content.map((part) =>
            part.type === 'text' ? part.text : '',
          ),
        ),
    ).toStrictEqual([['Is XEWRD9 upgraded?']]);
    expect(seen[0]).toHaveLength(1);
    expect(Object.keys(longTermMemoryTools(memory))).toHaveLength(2);
  });
});
