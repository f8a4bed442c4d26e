import type { AutoContextConfigInput, StrategyName } from '@acm/core';
import {
  AutoContextMemory as CoreMemory,
  CONTEXT_RELOAD_INSTRUCTION,
  InvalidArgumentError,
  createInMemorySessionStore,
  checkContract,
  createApproximateTokenCounter,
  createTokenCounter,
  findOffloadIds,
} from '@acm/core';
import { renderOffloadedMessages } from '@acm/core/adapter';
import { fixedClock, sequentialIds } from '@acm/core/testing';
import type { BaseMessage, ToolMessage } from '@langchain/core/messages';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SummaryChatModel } from '../../test-fixtures/summary-chat-model';
import { loadSweToolOutputs } from '../../test-fixtures/swe-tool-outputs';
import { fromLangChainMessages } from '@acm/core/formats';
import { summarizerFromChatModel } from '../summarizer-from-chat-model';
import { autoContextMiddleware } from './auto-context-middleware';

/** Small enough that every strategy family fires on a 100+ message task. */
const CONFIG: AutoContextConfigInput = {
  msgThreshold: 40,
  maxToken: 9000,
  tokenRatio: 0.6,
  targetRatio: 0.3,
  lastKeep: 6,
  largePayloadThreshold: 1500,
  minConsecutiveToolMessages: 1,
  minCompressionTokenThreshold: 100,
  historyRollupKeepRecentRounds: 1,
  historyRollupKeepRecentTokens: 300,
  compactRatioThreshold: 0.9,
  // Let every current-round pass run: the cache-aware gate would batch the
  // small ones of this short task, and this test wants every family to fire.
  minCurrentRoundSavingsRatio: 0,
};

const ROUNDS = 6;
const CALLS_PER_ROUND = 9;
/** In the last round, the model reloads what it finds behind a marker after this many calls. */
const RELOAD_AFTER_CALLS = 4;
const SYSTEM_PROMPT = 'You are a careful software engineer fixing a bug.';

function setUp() {
  const counter = createApproximateTokenCounter();
  const summaryModel = new SummaryChatModel();
  const memory = new CoreMemory({
    sessionId: 'thread-1',
    config: CONFIG,
    counter,
    summarizer: summarizerFromChatModel(summaryModel),
    clock: fixedClock(0),
    generateId: sequentialIds('id'),
  });
  const outputs = loadSweToolOutputs(ROUNDS * CALLS_PER_ROUND);
  let nextOutput = 0;
  const bash = tool(() => outputs[nextOutput++ % outputs.length]!, {
    name: 'bash',
    description: 'Runs a shell command in the repository.',
    schema: z.object({ command: z.string() }),
  });
  const model = fakeModel();
  const reloads: { offloadId: string; reply: string }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (let call = 0; call < CALLS_PER_ROUND; call++) {
      if (round === ROUNDS - 1 && call === RELOAD_AFTER_CALLS) {
        // Reload the first offloaded content the model can see.
        model.respond((messages) => {
          // The run of tool exchanges behind a tool-run summary, or, once a
          // rollup has replaced those (flat folds), the originals behind it.
          const acmKind = (message: BaseMessage) =>
            (message.additional_kwargs.acm as { kind?: string } | undefined)
              ?.kind;
          const summary =
            messages.find(
              (message) => acmKind(message) === 'tool-run-summary',
            ) ??
            messages.find(
              (message) =>
                acmKind(message) !== undefined &&
                findOffloadIds(message.text).length > 0,
            );
          const offloadId =
            summary === undefined ? undefined : findOffloadIds(summary.text)[0];
          if (offloadId === undefined) {
            return new Error('no offload marker in the prompt');
          }
          reloads.push({ offloadId, reply: '' });
          return new AIMessage({
            content: '',
            tool_calls: [
              {
                id: 'call_reload',
                name: 'context_reload',
                args: { working_context_offload_uuid: offloadId },
                type: 'tool_call',
              },
            ],
          });
        });
        model.respond((messages) => {
          const reply = messages.at(-1);
          if (reply === undefined || reply.type !== 'tool') {
            return new Error('expected the reload result');
          }
          reloads[reloads.length - 1]!.reply = reply.text;
          return toolCall(round, call);
        });
        continue;
      }
      model.respond(() => toolCall(round, call));
    }
    model.respond(
      () =>
        new AIMessage({
          content: `Round ${round}: the fix is in place.`,
          usage_metadata: {
            input_tokens: 4000,
            output_tokens: 10,
            total_tokens: 4010,
          },
        }),
    );
  }
  const agent = createAgent({
    model,
    tools: [bash],
    systemPrompt: SYSTEM_PROMPT,
    middleware: [autoContextMiddleware({ memory })],
  });
  return { agent, memory, model, summaryModel, reloads, counter };
}

function toolCall(round: number, call: number): AIMessage {
  return new AIMessage({
    content: `Round ${round}, step ${call}: let me look.`,
    tool_calls: [
      {
        id: `call_${round}_${call}`,
        name: 'bash',
        args: { command: `inspect ${round}.${call}` },
        type: 'tool_call',
      },
    ],
  });
}

async function runTask(setup: ReturnType<typeof setUp>) {
  let messages: BaseMessage[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const state = await setup.agent.invoke(
      {
        messages: [
          ...messages,
          new HumanMessage(`Task ${round}: fix issue #${round + 100}.`),
        ],
      },
      { recursionLimit: 500 },
    );
    messages = state.messages;
  }
  return messages;
}

describe('autoContextMiddleware', () => {
  it('should compress a 100+ message agent task with every strategy family and reload an original', async () => {
    const setup = setUp();
    const finalMessages = await runTask(setup);
    const { memory, model, reloads, counter } = setup;

    // The six tasks' messages and their answers (the last one recorded when the agent ended).
    expect(memory.getOriginalMessages()).toHaveLength(122);
    const applied = new Set<StrategyName>(
      memory
        .getCompressionEvents()
        .flatMap((event) =>
          event.type === 'compression' ? [event.strategy] : [],
        ),
    );
    // Offloads, clearing, summaries (rollup, tool runs, rounds) and current round.
    expect([...applied].sort()).toEqual([
      'clearToolUses',
      'compressCurrentRound',
      'compressToolRuns',
      'offloadLargeMessages',
      'offloadLargeMessagesProtected',
      'rollupHistory',
      'summarizeLargeCurrentMessages',
      'summarizeRounds',
    ]);

    // The reload brought the offloaded original back, byte-exact.
    expect(reloads).toHaveLength(1);
    const { offloadId, reply } = reloads[0]!;
    const behind = memory.reload(offloadId);
    expect(behind.length).toBeGreaterThan(0);
    // The messages the summary replaced, as they were, in the reply.
    expect(behind.some((message) => message.role === 'tool')).toBe(true);
    expect(reply).toContain(renderOffloadedMessages(behind));

    // Every request the model received kept the contract and the system prompt.
    for (const call of model.calls) {
      const [system, ...rest] = call.messages;
      expect(system?.text).toBe(
        `${SYSTEM_PROMPT}\n\n${CONTEXT_RELOAD_INSTRUCTION}`,
      );
      const converted = fromLangChainMessages(rest);
      expect(checkContract(converted)).toEqual([]);
      expect(counter.countMessages(converted)).toBeLessThan(
        CONFIG.maxToken as number,
      );
    }
    // The state holds the managed view (the final answer recorded in it too), ACM's messages tagged.
    expect(finalMessages.map((message) => message.id)).toEqual(
      memory.getMessages().map((message) => message.id),
    );
    const tagged = finalMessages.filter(
      (message) => message.additional_kwargs.lc_source === 'acm',
    );
    expect(tagged.length).toBeGreaterThan(0);
    expect(finalMessages.length).toBeLessThan(
      memory.getOriginalMessages().length,
    );
  });

  it('should record the summarizer usage from usage_metadata in the events', async () => {
    const setup = setUp();
    await runTask(setup);
    const withUsage = setup.memory
      .getCompressionEvents()
      .filter(
        (event) =>
          event.type === 'compression' &&
          event.summarizer !== undefined &&
          event.summarizer.inputTokens > 0,
      );
    expect(withUsage.length).toBeGreaterThan(0);
    expect(setup.summaryModel.calls.length).toBeGreaterThan(0);
    expect(
      setup.summaryModel.signals.every((signal) => signal !== undefined),
    ).toBe(true);
  });

  it('should leave the state alone while nothing needs compressing', async () => {
    const memory = new CoreMemory({
      sessionId: 'small',
      counter: createApproximateTokenCounter(),
      generateId: sequentialIds('id'),
    });
    const model = fakeModel().respond(
      new AIMessage({ id: 'answer', content: 'hello' }),
    );
    const agent = createAgent({
      model,
      tools: [],
      middleware: [autoContextMiddleware({ memory, reloadTool: false })],
    });
    const input = new HumanMessage({ id: 'question', content: 'hi' });
    const state = await agent.invoke({ messages: [input] });
    expect(state.messages.map((message) => message.id)).toEqual([
      'question',
      'answer',
    ]);
    expect(state.messages[0]).toBe(input);
    expect(memory.getCompressionEvents()).toEqual([]);
    expect(model.calls[0]?.messages.map((message) => message.type)).toEqual([
      'human',
    ]);
  });

  it("should count the system prompt and calibrate with the memory's counter", async () => {
    const memory = new CoreMemory({
      sessionId: 'own-counter',
      counter: createTokenCounter({
        name: 'characters',
        countText: (value) => value.length,
      }),
      generateId: sequentialIds('id'),
    });
    const model = fakeModel().respond(
      new AIMessage({
        id: 'answer',
        content: 'hello',
        usage_metadata: {
          input_tokens: 42,
          output_tokens: 1,
          total_tokens: 43,
        },
      }),
    );
    const agent = createAgent({
      model,
      tools: [],
      systemPrompt: 'Be brief.',
      middleware: [autoContextMiddleware({ memory, reloadTool: false })],
    });
    await agent.invoke({
      messages: [new HumanMessage({ id: 'question', content: 'hi' })],
    });

    // 42 / ('hi' 3 + 'user' 4 + 2 = 9, plus 'Be brief.' 3 + 9 = 12), all
    // counted in characters by the memory's counter; the answer was recorded after
    const [question, answer] = memory.getMessages();
    expect(memory.countMessageTokens([question!])).toBe(9);
    expect(answer?.id).toBe('answer');
    expect(memory.countFixedTokens({ system: 'Be brief.' })).toBe(12);
    expect(memory.getCalibration()).toBe(2);
  });

  it("should keep the thread's history when a run without a checkpointer sends only its new message", async () => {
    const memory = new CoreMemory({
      sessionId: 'fresh',
      counter: createApproximateTokenCounter(),
      generateId: sequentialIds('id'),
    });
    const model = fakeModel()
      .respond(new AIMessage({ id: 'a1', content: 'one' }))
      .respond(new AIMessage({ id: 'a2', content: 'two' }));
    const agent = createAgent({
      model,
      tools: [],
      middleware: [autoContextMiddleware({ memory })],
    });
    await agent.invoke({
      messages: [new HumanMessage({ id: 'q1', content: 'first' })],
    });
    const second = await agent.invoke({
      messages: [new HumanMessage({ id: 'q2', content: 'second' })],
    });
    expect(memory.getOriginalMessages().map((message) => message.id)).toEqual([
      'q1',
      'a1',
      'q2',
      'a2',
    ]);
    // The model saw the thread, not only the new message; the state holds it too.
    expect(
      model.calls[1]?.messages
        .filter((message) => message.type !== 'system')
        .map((message) => message.id),
    ).toEqual(['q1', 'a1', 'q2']);
    expect(second.messages.map((message) => message.id)).toEqual([
      'q1',
      'a1',
      'q2',
      'a2',
    ]);
  });

  it("should refuse, in 'mirror' mode, a state that does not continue the thread and change nothing", async () => {
    const memory = new CoreMemory({
      sessionId: 'mirror',
      counter: createApproximateTokenCounter(),
    });
    const model = fakeModel().respond(
      new AIMessage({ id: 'a1', content: 'one' }),
    );
    const agent = createAgent({
      model,
      tools: [],
      middleware: [autoContextMiddleware({ memory, history: 'mirror' })],
    });
    await agent.invoke({
      messages: [new HumanMessage({ id: 'q1', content: 'first' })],
    });
    const revision = memory.getRevision();
    await expect(
      agent.invoke({
        messages: [new HumanMessage({ id: 'q2', content: 'second' })],
      }),
    ).rejects.toMatchObject({ code: 'HISTORY_MISMATCH', history: 'mirror' });
    expect(memory.getRevision()).toBe(revision);
    expect(model.calls).toHaveLength(1);
  });

  it('should answer context_reload through the registered tool with a ToolMessage', async () => {
    const memory = new CoreMemory({
      sessionId: 'reload',
      counter: createApproximateTokenCounter(),
      generateId: sequentialIds('id'),
    });
    const offloadId = await memory.offload(
      fromLangChainMessages([
        new HumanMessage({ id: 'x', content: 'the secret is 42' }),
      ]),
    );
    const model = fakeModel()
      .respondWithTools([
        {
          name: 'context_reload',
          args: { working_context_offload_uuid: offloadId },
          id: 'reload-1',
        },
      ])
      .respond(new AIMessage('done'));
    const agent = createAgent({
      model,
      tools: [],
      middleware: [autoContextMiddleware({ memory })],
    });
    const state = await agent.invoke({ messages: [new HumanMessage('go')] });
    const result = state.messages.find(
      (message): message is ToolMessage => message.type === 'tool',
    );
    expect(result?.name).toBe('context_reload');
    expect(result?.text).toContain('the secret is 42');
  });
  it('should reject a run without a thread_id, naming the option', async () => {
    const model = fakeModel().respond(new AIMessage('hello'));
    const agent = createAgent({
      model,
      tools: [],
      middleware: [
        autoContextMiddleware({ counter: createApproximateTokenCounter() }),
      ],
    });
    const error: unknown = await agent
      .invoke({ messages: [new HumanMessage('hi')] })
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as InvalidArgumentError).parameter).toBe(
      'configurable.thread_id',
    );
    expect(model.calls).toHaveLength(0);
  });

  it('should keep one memory per thread within maxSessions and bring an evicted thread back from the store', async () => {
    const store = createInMemorySessionStore();
    const model = fakeModel();
    for (let index = 0; index < 4; index++)
      model.respond(new AIMessage(`answer ${index}`));
    const agent = createAgent({
      model,
      tools: [],
      middleware: [
        autoContextMiddleware({
          counter: createApproximateTokenCounter(),
          store,
          maxSessions: 1,
          reloadTool: false,
        }),
      ],
    });
    const ask = (threadId: string, messages: BaseMessage[]) =>
      agent.invoke({ messages }, { configurable: { thread_id: threadId } });
    const first = await ask('a', [
      new HumanMessage({ id: 'a1', content: 'one' }),
    ]);
    await ask('b', [new HumanMessage({ id: 'b1', content: 'two' })]);
    expect(store.load('a')?.original.map((message) => message.id)).toEqual([
      'a1',
      first.messages[1]!.id,
    ]);
    const third = await ask('a', [
      ...first.messages,
      new HumanMessage({ id: 'a3', content: 'three' }),
    ]);
    expect(store.load('a')?.original.map((message) => message.id)).toEqual([
      'a1',
      first.messages[1]!.id,
      'a3',
      third.messages[3]!.id,
    ]);
    expect(store.load('a')?.revision).toBeGreaterThan(1);
  });
});
