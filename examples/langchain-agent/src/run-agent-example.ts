import type { StrategyName } from '@acm/langchain';
import {
  AutoContextMemory,
  createApproximateTokenCounter,
  findOffloadIds,
} from '@acm/langchain';
import { autoContextMiddleware } from '@acm/langchain/middleware';
import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { z } from 'zod';

export interface RunAgentExampleOptions {
  /** User turns to play. @default 4 */
  readonly rounds?: number;
  /** Tool calls the scripted model makes per turn. @default 8 */
  readonly callsPerRound?: number;
  /** Receives one line per turn. @default no output */
  readonly log?: (line: string) => void;
}

export interface AgentExampleResult {
  /** Messages ever added to the memory. */
  readonly originalMessages: number;
  /** Messages in the agent state at the end (the managed view + the last answer). */
  readonly stateMessages: number;
  /** Strategies that compressed something, sorted. */
  readonly strategies: readonly StrategyName[];
  /** What `context_reload` answered when the model asked for an offloaded output. */
  readonly reloadReply: string;
}

/** A large, realistic-looking tool output (a directory listing). */
function listing(step: number): string {
  const lines = Array.from(
    { length: 120 },
    (_, line) =>
      `-rw-r--r-- 1 dev dev ${1000 + ((step * 37 + line * 11) % 9000)} src/module_${step}/file_${line}.py`,
  );
  return `$ ls -l src/module_${step}\n${lines.join('\n')}`;
}

/**
 * Runs a `createAgent` agent with `autoContextMiddleware` on a scripted
 * tool-calling model (no network, no API key): every turn the model lists a
 * few directories, then answers. The middleware keeps the state under budget
 * (offloading the large listings, summarizing old turns), and in the last
 * turn the model reloads one offloaded listing with `context_reload`.
 */
export async function runAgentExample({
  rounds = 4,
  callsPerRound = 8,
  log = () => {},
}: RunAgentExampleOptions = {}): Promise<AgentExampleResult> {
  const memory = new AutoContextMemory({
    sessionId: 'example-thread',
    config: {
      msgThreshold: 40,
      maxToken: 12_000,
      largePayloadThreshold: 2000,
      lastKeep: 6,
      minCompressionTokenThreshold: 200,
      historyRollupKeepRecentRounds: 1,
      historyRollupKeepRecentTokens: 500,
    },
    counter: createApproximateTokenCounter(),
    // The default summarizer is extractive (no model); pass
    // summarizerFromChatModel(yourModel) for LLM summaries.
  });

  let step = 0;
  const ls = tool(({ path }) => listing(Number(path.split('_').at(-1))), {
    name: 'ls',
    description: 'Lists a directory.',
    schema: z.object({ path: z.string() }),
  });

  const model = fakeModel();
  let reloadReply = '';
  for (let round = 0; round < rounds; round++) {
    for (let call = 0; call < callsPerRound; call++) {
      if (round === rounds - 1 && call === 0) {
        model.respond((messages: BaseMessage[]) => {
          const stub = messages.find(
            (message) =>
              message.type === 'tool' &&
              findOffloadIds(message.text).length > 0,
          );
          const offloadId = stub ? findOffloadIds(stub.text)[0] : undefined;
          return new AIMessage({
            content: 'Let me look at an earlier listing again.',
            tool_calls: [
              {
                id: 'reload-1',
                name: 'context_reload',
                args: { working_context_offload_uuid: offloadId ?? 'none' },
                type: 'tool_call',
              },
            ],
          });
        });
        model.respond((messages: BaseMessage[]) => {
          reloadReply = messages.at(-1)?.text ?? '';
          return listCall(++step);
        });
        continue;
      }
      model.respond(() => listCall(++step));
    }
    model.respond(() => new AIMessage(`Turn ${round}: all modules listed.`));
  }

  const agent = createAgent({
    model,
    tools: [ls],
    systemPrompt: 'You are a code-base explorer.',
    // history: 'append' (the default): ACM's memory is the thread's history,
    // so each run sends only its new message, as without a checkpointer.
    middleware: [autoContextMiddleware({ memory, history: 'append' })],
  });

  let messages: BaseMessage[] = [];
  for (let round = 0; round < rounds; round++) {
    const state = await agent.invoke(
      { messages: [new HumanMessage(`Explore part ${round}.`)] },
      { recursionLimit: 500 },
    );
    messages = state.messages;
    log(
      `turn ${round}: ${memory.getOriginalMessages().length} messages recorded, ` +
        `${messages.length} in the agent state, ` +
        `${memory.countTokens()} tokens in view`,
    );
  }

  const strategies = [
    ...new Set(
      memory
        .getCompressionEvents()
        .flatMap((event) =>
          event.type === 'compression' ? [event.strategy] : [],
        ),
    ),
  ].sort();
  return {
    originalMessages: memory.getOriginalMessages().length,
    stateMessages: messages.length,
    strategies,
    reloadReply,
  };
}

function listCall(step: number): AIMessage {
  return new AIMessage({
    content: '',
    tool_calls: [
      {
        id: `call_${step}`,
        name: 'ls',
        args: { path: `src/module_${step}` },
        type: 'tool_call',
      },
    ],
  });
}
