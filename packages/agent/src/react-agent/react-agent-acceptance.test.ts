import {
  createApproximateTokenCounter,
  createAutoContextMemory,
  createInMemorySessionStore,
} from '@acm/core';
import { isSyntheticMessage, renderOffloadedMessages } from '@acm/core/adapter';
import type { AutoContextMemory, Message } from '@acm/core';
import {
  fixedClock,
  loadSharedConversations,
  scriptedSummarizer,
  sequentialIds,
} from '@acm/core/testing';
import { describe, expect, it } from 'vitest';
import { autoContextHook } from '../auto-context/auto-context-hook';
import type { ChatModel, ChatModelResponse } from '../model/chat-model';
import { PlanNotebook } from '../plan/plan-notebook';
import { defineTool } from '../tool/define-tool';
import { createReActAgent } from './create-react-agent';
import type { ReActAgent } from './react-agent';

/** Real bash outputs of SWE-agent runs (shared/data), in recorded order. */
const bashOutputs: readonly string[] = loadSharedConversations({
  dataset: 'swe',
  limit: 8,
}).flatMap((conversation) =>
  conversation.messages.flatMap((message) => {
    const record = message as { role: string; content: unknown };
    return record.role === 'tool' && typeof record.content === 'string'
      ? [record.content]
      : [];
  }),
);

const RUNS = 4;
const TURNS_PER_RUN = 50;
const RELOAD_TURN = { run: 2, turn: 30 };

type Turn =
  | { readonly kind: 'plan' }
  | { readonly kind: 'bash'; readonly callCount: number }
  | { readonly kind: 'finish-subtask'; readonly subtask: number }
  | { readonly kind: 'reload' }
  | { readonly kind: 'answer'; readonly run: number };

/** The scripted task: a plan, then per run 50 bash turns (every tenth with two parallel calls), a subtask finished, an answer. */
function scriptTurns(): Turn[] {
  const turns: Turn[] = [{ kind: 'plan' }];
  for (let run = 0; run < RUNS; run++) {
    for (let turn = 0; turn < TURNS_PER_RUN; turn++) {
      if (run === RELOAD_TURN.run && turn === RELOAD_TURN.turn) {
        turns.push({ kind: 'reload' });
      }
      turns.push({ kind: 'bash', callCount: turn % 10 === 5 ? 2 : 1 });
    }
    turns.push({ kind: 'finish-subtask', subtask: run });
    turns.push({ kind: 'answer', run });
  }
  return turns;
}

const OFFLOAD_MARKER = /CONTEXT_OFFLOAD: uuid=([^\s"\\<>]+) -->/;

/**
 * The task's model: follows `scriptTurns()`, and checks every request it
 * gets against the reference's #1482: each call it ever made that appears in
 * the request has its result there, and the results of its latest calls are
 * there in full.
 */
function createTaskModel() {
  const turns = scriptTurns();
  let next = 0;
  let bashCalls = 0;
  let lastCallIds: readonly string[] = [];
  const violations: string[] = [];
  const requests: (readonly Message[])[] = [];
  const reloadedIds: string[] = [];
  const model: ChatModel = {
    generate(request) {
      requests.push(request.messages);
      const results = new Map<string, unknown>();
      for (const message of request.messages) {
        for (const part of message.content) {
          if (part.type === 'tool-result')
            results.set(part.toolCallId, part.output);
        }
      }
      for (const message of request.messages) {
        for (const part of message.content) {
          if (part.type === 'tool-call' && !results.has(part.toolCallId)) {
            violations.push(
              `request ${requests.length - 1}: call ${part.toolCallId} without its result`,
            );
          }
        }
      }
      for (const id of lastCallIds) {
        if (!results.has(id)) {
          violations.push(
            `request ${requests.length - 1}: latest call ${id} lost its result`,
          );
        } else if (id.startsWith('bash-')) {
          const expected =
            bashOutputs[Number(id.slice(5)) % bashOutputs.length];
          if (results.get(id) !== expected) {
            violations.push(
              `request ${requests.length - 1}: latest result ${id} was changed`,
            );
          }
        }
      }
      const turn = turns[next++]!;
      const respond = (
        content: ChatModelResponse['message']['content'],
      ): ChatModelResponse => {
        lastCallIds = content.flatMap((part) =>
          part.type === 'tool-call' ? [part.toolCallId] : [],
        );
        return {
          message: { role: 'assistant', content },
          usage: { inputTokens: 1000 + next, outputTokens: 20 },
        };
      };
      switch (turn.kind) {
        case 'plan':
          return Promise.resolve(
            respond([
              {
                type: 'tool-call',
                toolCallId: 'plan-create',
                toolName: 'create_plan',
                input: {
                  name: 'Fix separability',
                  description:
                    'Make separability_matrix handle nested compound models',
                  expected_outcome: 'The nested case returns the right matrix',
                  subtasks: Array.from({ length: RUNS }, (_value, index) => ({
                    name: `Part ${index}`,
                  })),
                },
              },
            ]),
          );
        case 'bash':
          return Promise.resolve(
            respond(
              Array.from({ length: turn.callCount }, () => {
                const index = bashCalls++;
                return {
                  type: 'tool-call' as const,
                  toolCallId: `bash-${index}`,
                  toolName: 'bash',
                  input: { command: `step ${index}` },
                };
              }),
            ),
          );
        case 'finish-subtask':
          return Promise.resolve(
            respond([
              {
                type: 'tool-call',
                toolCallId: `plan-finish-${turn.subtask}`,
                toolName: 'finish_subtask',
                input: { subtask_idx: turn.subtask, subtask_outcome: 'done' },
              },
            ]),
          );
        case 'reload': {
          const found = request.messages
            .map(
              (message) =>
                OFFLOAD_MARKER.exec(JSON.stringify(message.content))?.[1],
            )
            .find((id) => id !== undefined);
          if (found === undefined)
            violations.push('no offload marker to reload');
          reloadedIds.push(found ?? 'none');
          return Promise.resolve(
            respond([
              {
                type: 'tool-call',
                toolCallId: 'reload-0',
                toolName: 'context_reload',
                input: { working_context_offload_uuid: found ?? 'none' },
              },
            ]),
          );
        }
        case 'answer':
          return Promise.resolve(
            respond([{ type: 'text', text: `Part ${turn.run} is done.` }]),
          );
      }
    },
  };
  return {
    model,
    violations,
    requests,
    reloadedIds,
    bashCallCount: () => bashCalls,
  };
}

const counter = createApproximateTokenCounter();

/** Everything one task needs, shared by an agent and the agent that resumes it. */
function createTaskWorld() {
  const store = createInMemorySessionStore();
  const summarizer = scriptedSummarizer((request) => ({
    text: `Summary of ${request.transcript.length} characters by ${request.strategy ?? 'unknown'}.`,
    usage: { inputTokens: 100, outputTokens: 10 },
  }));
  return {
    store,
    summarizer,
    task: createTaskModel(),
    clock: fixedClock(0),
    memoryIds: sequentialIds('offload'),
    agentIds: sequentialIds('message'),
    interrupt: {
      atBashCall: -1,
      controller: new AbortController(),
      fired: false,
    },
  };
}
type TaskWorld = ReturnType<typeof createTaskWorld>;

function createTaskAgent(world: TaskWorld): {
  agent: ReActAgent;
  memory: AutoContextMemory;
} {
  const memory = createAutoContextMemory({
    sessionId: 'swe-task',
    counter,
    clock: world.clock,
    generateId: world.memoryIds,
    store: world.store,
    summarizer: world.summarizer,
    config: {
      msgThreshold: 80,
      maxToken: 24_000,
      lastKeep: 12,
      largePayloadThreshold: 3000,
      minConsecutiveToolMessages: 4,
      minCompressionTokenThreshold: 300,
      historyRollupKeepRecentRounds: 1,
      historyRollupKeepRecentTokens: 2000,
    },
  });
  const bash = defineTool<{ command: string }>({
    name: 'bash',
    description: 'Runs a shell command.',
    inputSchema: {
      type: 'object',
      properties: { command: { type: 'string' } },
      required: ['command'],
      additionalProperties: false,
    },
    execute: (_input, { toolCallId }) => {
      const index = Number(toolCallId.slice('bash-'.length));
      if (index === world.interrupt.atBashCall && !world.interrupt.fired) {
        world.interrupt.fired = true;
        world.interrupt.controller.abort(new Error('process stopped'));
      }
      return bashOutputs[index % bashOutputs.length];
    },
  });
  const agent = createReActAgent({
    model: world.task.model,
    tools: [bash],
    systemPrompt: 'You fix bugs in Python repositories with bash.',
    memory,
    planNotebook: new PlanNotebook(),
    hooks: [autoContextHook({ memory })],
    maxIters: 60,
    clock: world.clock,
    generateId: world.agentIds,
  });
  return { agent, memory };
}

async function runWholeTask(world: TaskWorld, agent: ReActAgent, fromRun = 0) {
  for (let run = fromRun; run < RUNS; run++) {
    const result = await agent.run(`Work on part ${run}.`);
    expect(result.status).toBe('completed');
  }
}

describe('createReActAgent with autoContextHook on a 200-step task', () => {
  it('should complete a long tool-using task with compression from several strategies and no lost result', async () => {
    const world = createTaskWorld();
    const { agent, memory } = createTaskAgent(world);
    await runWholeTask(world, agent);

    expect(world.task.bashCallCount()).toBe(RUNS * (TURNS_PER_RUN + 5));
    expect(world.task.violations).toEqual([]);
    const strategies = new Set(
      memory
        .getCompressionEvents()
        .flatMap((event) =>
          event.type === 'compression' ? [event.strategy] : [],
        ),
    );
    expect([...strategies].sort()).toEqual([
      'compressToolRuns',
      'offloadLargeMessagesProtected',
      // Under token pressure the rollup folds closed rounds before summarizeRounds
      // sees them (flat folds, #11 item 6); the task stays verbatim beside it.
      'rollupHistory',
    ]);
    expect(
      memory
        .getCompressionEvents()
        .filter((event) => event.type === 'compression-error'),
    ).toEqual([]);

    // Plan hints reached every compression request made while the plan was active.
    expect(world.summarizer.calls.length).toBeGreaterThan(0);
    for (const request of world.summarizer.calls) {
      expect(request.planHint).toMatch(
        /^Plan: Fix separability\nGoal: Make separability_matrix handle nested compound models\n/,
      );
    }
    expect(
      agent
        .planNotebook!.getCurrentPlan()!
        .subtasks.map((subtask) => subtask.state),
    ).toEqual(['done', 'done', 'done', 'done']);

    // context_reload returned the originals behind the marker the model saw.
    const [reloadedId] = world.task.reloadedIds;
    expect(reloadedId).toMatch(/^[\w-]+_offload-\d+$/);
    const offloaded = memory.getOffloadContext()[reloadedId!]!;
    const originalsById = new Map(
      memory.getOriginalMessages().map((message) => [message.id, message]),
    );
    const restored = offloaded.filter(
      (message) => !isSyntheticMessage(message),
    );
    expect(restored.length).toBeGreaterThan(0);
    expect(restored.map((message) => originalsById.get(message.id))).toEqual(
      restored,
    );
    const reloadResult = memory
      .getOriginalMessages()
      .flatMap((message) => message.content)
      .find(
        (part) => part.type === 'tool-result' && part.toolCallId === 'reload-0',
      );
    expect(reloadResult).toMatchObject({ toolName: 'context_reload' });
    const output = (reloadResult as { output: string }).output;
    expect(
      output.startsWith(
        `Offloaded context ${JSON.stringify(reloadedId)}: ${offloaded.length} message`,
      ),
    ).toBe(true);
    expect(output).toContain(renderOffloadedMessages(offloaded).slice(0, 2000));
  });

  it('should continue a saved and resumed task exactly as an uninterrupted run', async () => {
    const uninterrupted = createTaskWorld();
    const straight = createTaskAgent(uninterrupted);
    await runWholeTask(uninterrupted, straight.agent);

    const interrupted = createTaskWorld();
    interrupted.interrupt.atBashCall = 117; // a parallel step of run 2
    const first = createTaskAgent(interrupted);
    let run = 0;
    for (; run < RUNS; run++) {
      const result = await first.agent.run(`Work on part ${run}.`, {
        signal: interrupted.interrupt.controller.signal,
      });
      if (result.status === 'aborted') break;
    }
    expect(run).toBe(2);
    expect(first.agent.getRunState().pending).toBe('acting');
    await first.agent.save();

    const second = createTaskAgent(interrupted);
    expect(await second.agent.load()).toBe(true);
    expect(second.agent.planNotebook!.getCurrentPlan()).toEqual(
      first.agent.planNotebook!.getCurrentPlan(),
    );
    expect((await second.agent.resume()).status).toBe('completed');
    await runWholeTask(interrupted, second.agent, run + 1);

    expect(interrupted.task.requests).toEqual(uninterrupted.task.requests);
    expect(second.memory.getState()).toEqual(straight.memory.getState());
    expect(second.agent.planNotebook!.getCurrentPlan()).toEqual(
      straight.agent.planNotebook!.getCurrentPlan(),
    );
    expect(second.memory.getCalibration()).toBe(
      straight.memory.getCalibration(),
    );
  });
});
