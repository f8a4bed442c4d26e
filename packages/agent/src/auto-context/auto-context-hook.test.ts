import {
  CONTEXT_RELOAD_INSTRUCTION,
  createApproximateTokenCounter,
  createAutoContextMemory,
  InvalidArgumentError,
} from '@acm/core';
import type { Message } from '@acm/core';
import {
  fixedClock,
  scriptedSummarizer,
  sequentialIds,
} from '@acm/core/testing';
import { describe, expect, it } from 'vitest';
import { createReActAgent } from '../react-agent/create-react-agent';
import type { ReActAgent } from '../react-agent/react-agent';
import type { AgentHook } from '../hook/agent-hook';
import { PlanNotebook } from '../plan/plan-notebook';
import { scriptedChatModel } from '../testing/scripted-chat-model';
import { autoContextHook, CALIBRATION_METADATA_KEY } from './auto-context-hook';

const counter = createApproximateTokenCounter();

function createTestMemory(msgThreshold = 100) {
  return createAutoContextMemory({
    sessionId: 'session-1',
    counter,
    clock: fixedClock(0),
    generateId: sequentialIds('memory'),
    config: {
      msgThreshold,
      lastKeep: 2,
      historyRollupKeepRecentRounds: 1,
      historyRollupKeepRecentTokens: 0,
    },
    summarizer: scriptedSummarizer(() => 'Earlier rounds, summarized.'),
  });
}

const answer = {
  message: {
    role: 'assistant' as const,
    content: [{ type: 'text' as const, text: 'ok' }],
  },
};

/** Ten complete text rounds: plenty for count-triggered compression. */
function pastRounds(count: number): Message[] {
  return Array.from({ length: count }, (_value, index) => [
    {
      id: `user-${index}`,
      role: 'user' as const,
      content: [
        {
          type: 'text' as const,
          text: `Question ${index}: ${'why '.repeat(30)}`,
        },
      ],
    },
    {
      id: `assistant-${index}`,
      role: 'assistant' as const,
      content: [
        {
          type: 'text' as const,
          text: `Answer ${index}: ${'because '.repeat(30)}`,
        },
      ],
    },
  ]).flat();
}

function setUp({
  memory = createTestMemory(),
  hooks = [] as AgentHook[],
  planNotebook = undefined as PlanNotebook | undefined,
  systemPrompt = 'You are terse.',
} = {}) {
  const model = scriptedChatModel(() => answer);
  const hook = autoContextHook({ memory });
  const agent = createReActAgent({
    model,
    memory,
    systemPrompt,
    planNotebook,
    hooks: [hook, ...hooks],
    generateId: sequentialIds('agent'),
  });
  return { model, hook, agent, memory };
}

describe('autoContextHook', () => {
  it('should register context_reload and attach the plan notebook on the first call only', async () => {
    const planNotebook = new PlanNotebook();
    planNotebook.createPlan({
      name: 'Ship',
      description: 'Ship it',
      expectedOutcome: 'Shipped',
      subtasks: [{ name: 'Build' }],
    });
    const summarizer = scriptedSummarizer(() => 'summary');
    const memory = createAutoContextMemory({
      sessionId: 'session-1',
      counter,
      summarizer,
      generateId: sequentialIds('memory'),
      clock: fixedClock(0),
      config: {
        msgThreshold: 6,
        lastKeep: 2,
        historyRollupKeepRecentRounds: 1,
        historyRollupKeepRecentTokens: 0,
      },
    });
    await memory.addMessages(pastRounds(4));
    const { agent } = setUp({ memory, planNotebook });
    expect(agent.hasTool('context_reload')).toBe(false);
    await agent.run('first');
    const toolCount = agent.getTools().length;
    expect(agent.hasTool('context_reload')).toBe(true);
    expect(toolCount).toBe(9); // + context_reload, context_search
    // The notebook is attached: its hint reaches the summary requests.
    expect(summarizer.calls.length).toBeGreaterThan(0);
    expect(summarizer.calls[0]!.planHint).toBe(
      'Plan: Ship\nGoal: Ship it\nCurrent Progress: Build\nProgress: 0/1 subtasks completed\nExpected Outcome: Shipped',
    );
    await agent.run('second');
    expect(agent.getTools()).toHaveLength(toolCount);
  });

  it('should register the tool without a plan notebook and with no other tools', async () => {
    const { agent } = setUp();
    await agent.run('hi');
    expect(agent.getTools().map((tool) => tool.name)).toEqual([
      'context_reload',
      'context_search',
    ]);
  });

  it('should have priority 0', () => {
    expect(autoContextHook({ memory: createTestMemory() }).priority).toBe(0);
  });

  it('should set up every agent it is shared by (the reference set up only the first)', async () => {
    const memory = createTestMemory();
    const hook = autoContextHook({ memory });
    const generateId = sequentialIds('agent');
    const make = () =>
      createReActAgent({
        model: scriptedChatModel(() => answer),
        memory,
        hooks: [hook],
        generateId,
      });
    const first = make();
    const second = make();
    await first.run('one');
    await second.run('two');
    expect([
      first.hasTool('context_reload'),
      second.hasTool('context_reload'),
    ]).toEqual([true, true]);
  });

  it('should reject an agent whose memory is not the hook memory', async () => {
    const hook = autoContextHook({ memory: createTestMemory() });
    const agent = createReActAgent({
      model: scriptedChatModel(() => answer),
      memory: createTestMemory(),
      hooks: [hook],
    });
    await expect(agent.run('hi')).rejects.toThrow(InvalidArgumentError);
  });

  it('should compress before reasoning and hand the managed view to the model', async () => {
    const memory = createTestMemory(10);
    await memory.addMessages(pastRounds(6));
    const { agent, model } = setUp({ memory });
    await agent.run('latest question');
    const sent = model.calls[0]!.messages;
    expect(
      memory
        .getCompressionEvents()
        .some((event) => event.type === 'compression'),
    ).toBe(true);
    // System prompt first, then exactly the managed view.
    expect(sent.slice(1)).toEqual([...memory.getMessages()].slice(0, -1));
    expect(sent.length).toBeLessThan(6 * 2 + 2);
    expect(sent.at(-1)!.content).toEqual([
      { type: 'text', text: 'latest question' },
    ]);
  });

  it('should hand the working messages unchanged when nothing is compressed', async () => {
    const { agent, model, memory } = setUp();
    await agent.run('hi');
    expect(memory.getCompressionEvents()).toEqual([]);
    expect(model.calls[0]!.messages.slice(1)).toEqual(
      memory.getMessages().slice(0, 1),
    );
  });

  it('should add the reload instruction to the system prompt once, keeping the prompt as its prefix', async () => {
    const { agent, model } = setUp({
      hooks: [
        {
          priority: 5,
          preReasoning: ({ request }) => ({
            systemPrompt: request.systemPrompt,
          }),
        },
      ],
    });
    await agent.run('one');
    await agent.run('two');
    for (const call of model.calls) {
      const system = call.messages.filter(
        (message) => message.role === 'system',
      );
      expect(system).toHaveLength(1);
      expect(system[0]!.content).toEqual([
        {
          type: 'text',
          text: `You are terse.\n\n${CONTEXT_RELOAD_INSTRUCTION}`,
        },
      ]);
    }
  });

  it('should keep messages other hooks injected before and after it, across a compression', async () => {
    const memory = createTestMemory(10);
    await memory.addMessages(pastRounds(6));
    const injectedFirst: Message = {
      id: 'rag-1',
      role: 'user',
      content: [{ type: 'text', text: 'Retrieved: the docs say X.' }],
      metadata: { acm: { kind: 'injected' } },
    };
    const reminder: Message = {
      id: 'reminder-1',
      role: 'user',
      content: [{ type: 'text', text: 'Reminder: be terse.' }],
      metadata: { acm: { kind: 'injected' } },
    };
    const seenByLateHook: (readonly Message[])[] = [];
    const { agent, model } = setUp({
      memory,
      hooks: [
        {
          priority: -10,
          preReasoning: ({ request }) => ({
            messages: [injectedFirst, ...request.messages],
          }),
        },
        {
          priority: -5,
          preReasoning: ({ request }) => ({
            messages: [...request.messages, reminder],
          }),
        },
        {
          priority: 10,
          preReasoning: ({ request }) => {
            seenByLateHook.push(request.messages);
          },
        },
      ],
    });
    await agent.run('latest question');
    const sent = model.calls[0]!.messages;
    expect(
      memory
        .getCompressionEvents()
        .some((event) => event.type === 'compression'),
    ).toBe(true);
    expect(sent[1]).toBe(injectedFirst);
    expect(sent.at(-1)).toBe(reminder);
    expect(sent.slice(2, -1)).toEqual(memory.getMessages().slice(0, -1));
    expect(seenByLateHook[0]).toEqual(sent.slice(1));
  });

  it("should calibrate from usage counted by the memory's counter, record it on the answer and restore it for a loaded agent", async () => {
    const memory = createTestMemory();
    const model = scriptedChatModel(() => ({
      ...answer,
      usage: { inputTokens: 500, outputTokens: 3 },
    }));
    const agent = createReActAgent({
      model,
      memory,
      systemPrompt: 'S',
      hooks: [autoContextHook({ memory })],
      generateId: sequentialIds('agent'),
    });
    await agent.run('hello');
    const sent = model.calls[0]!;
    const estimated =
      counter.countMessages(sent.messages.slice(1)) +
      counter.countText(`S\n\n${CONTEXT_RELOAD_INSTRUCTION}`) +
      3 +
      counter.countText(JSON.stringify(sent.tools[0])) +
      3 +
      counter.countText(JSON.stringify(sent.tools[1])) +
      3;
    const stored = memory.getOriginalMessages().at(-1)!;
    expect(stored.metadata?.[CALIBRATION_METADATA_KEY]).toEqual({
      providerInputTokens: 500,
      estimatedTokens: estimated,
    });
    expect(memory.getCalibration()).toBe(Math.min(4, 500 / estimated));

    const restored = createTestMemory();
    await restored.loadState(memory.saveState());
    const resumed: ReActAgent = createReActAgent({
      model: scriptedChatModel([]),
      memory: restored,
      hooks: [autoContextHook({ memory: restored })],
    });
    expect(restored.getCalibration()).toBe(1);
    await resumed.resume();
    expect(restored.getCalibration()).toBe(memory.getCalibration());
  });
});
