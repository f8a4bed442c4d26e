import {
  createApproximateTokenCounter,
  createInMemorySessionStore,
  findOffloadIds,
} from '@acm/core';
import { withReloadInstruction } from '@acm/core/adapter';
import { acmTinyMiddleware } from './acm-tiny-middleware';
import { createTinyAgent } from './tiny-framework';
import type { TinyModel, TinyModelReply, TinyToolCall } from './tiny-framework';

/** What one offline run reports. */
export interface CustomAdapterReport {
  readonly answer: string;
  readonly modelCalls: number;
  /** Messages in the framework's own history of the thread. */
  readonly historyMessages: number;
  /** Messages the last model call got (the memory's view). */
  readonly lastPromptMessages: number;
  readonly strategies: readonly string[];
  readonly reloadedCharacters: number;
  /** The answer on a second thread, which has a memory of its own. */
  readonly otherThreadAnswer: string;
}

const FILE_COUNT = 24;

/** A fake repository: every file is a few kilobytes of numbered lines. */
function readFile(path: string): string {
  return Array.from(
    { length: 120 },
    (_line, index) =>
      `${path}:${index + 1}: value_${index} = compute(${index})`,
  ).join('\n');
}

/**
 * A scripted model: reads every file, reloads one offloaded result by the id
 * in its marker, then answers. A stand-in for a real LLM, so the example runs
 * offline.
 */
function createScriptedModel(): { model: TinyModel; calls: () => number } {
  let step = 0;
  const model: TinyModel = ({ messages }) => {
    step++;
    const usage = { inputTokens: 900 + step * 40 };
    const call = (name: string, input: unknown): TinyModelReply => {
      const toolCall: TinyToolCall = { id: `call-${step}`, name, input };
      return {
        message: { role: 'assistant', text: '', toolCalls: [toolCall] },
        usage,
      };
    };
    const last = messages.at(-1);
    if (last?.role === 'user' && last.text.startsWith('Hello')) {
      return Promise.resolve({
        message: { role: 'assistant', text: 'Hello! How can I help?' },
        usage,
      });
    }
    if (step <= FILE_COUNT) {
      return Promise.resolve(
        call('read_file', { path: `src/file-${step}.py` }),
      );
    }
    if (last?.role !== 'tool' || last.toolName !== 'context_reload') {
      const offloadId = messages
        .flatMap((message) => findOffloadIds(message.text))
        .at(0);
      return Promise.resolve(
        call('context_reload', {
          working_context_offload_uuid: offloadId ?? 'none',
        }),
      );
    }
    return Promise.resolve({
      message: { role: 'assistant', text: 'The largest value is value_119.' },
      usage,
    });
  };
  return { model, calls: () => step };
}

/** Runs the tiny agent with the ACM adapter, offline, and reports. */
export async function runExample(): Promise<CustomAdapterReport> {
  const acm = acmTinyMiddleware({
    counter: createApproximateTokenCounter(),
    store: createInMemorySessionStore(),
    config: {
      maxToken: 12_000,
      msgThreshold: 40,
      lastKeep: 6,
      largePayloadThreshold: 2000,
    },
  });
  const { model, calls } = createScriptedModel();
  let lastPromptMessages = 0;
  const agent = createTinyAgent({
    model: (request) => {
      lastPromptMessages = request.messages.length;
      return model(request);
    },
    system: withReloadInstruction('You audit Python repositories.'),
    tools: [
      {
        name: 'read_file',
        description: 'Reads a file of the repository.',
        inputSchema: {
          type: 'object',
          properties: { path: { type: 'string' } },
          required: ['path'],
        },
        execute: (input) => readFile((input as { path: string }).path),
      },
      acm.contextReloadTool,
    ],
    middleware: acm,
  });

  const answer = await agent.send('audit-1', 'Which value is the largest?');
  const promptOfAudit = lastPromptMessages;
  const otherThreadAnswer = await agent.send('chat-2', 'Hello there');

  const memory = acm.getMemory('audit-1')!;
  const reload = agent
    .history('audit-1')
    .find(
      (message) =>
        message.role === 'tool' && message.toolName === 'context_reload',
    );
  return {
    answer,
    modelCalls: calls(),
    historyMessages: agent.history('audit-1').length,
    lastPromptMessages: promptOfAudit,
    strategies: [
      ...new Set(
        memory
          .getCompressionEvents()
          .flatMap((event) =>
            event.type === 'compression' ? [event.strategy] : [],
          ),
      ),
    ].sort(),
    reloadedCharacters: reload?.text.length ?? 0,
    otherThreadAnswer,
  };
}
