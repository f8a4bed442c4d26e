import {
  PlanNotebook,
  autoContextHook,
  createApproximateTokenCounter,
  createAutoContextMemory,
  createInMemorySessionStore,
  createReActAgent,
  defineTool,
} from '@acm/agent';
import type { AgentEvent, ChatModel, ChatModelResponse } from '@acm/agent';

/** What one offline run of the example reports. */
export interface AgentLoopReport {
  readonly answer: string;
  readonly iterations: number;
  readonly toolCalls: number;
  readonly workingMessages: number;
  readonly originalMessages: number;
  readonly strategies: readonly string[];
  readonly reloadedCharacters: number;
}

const FILE_COUNT = 30;

/** A fake repository: every file is a few kilobytes of numbered lines. */
function readFile(path: string): string {
  return Array.from(
    { length: 120 },
    (_line, index) =>
      `${path}:${index + 1}: value_${index} = compute(${index})`,
  ).join('\n');
}

/**
 * A scripted model that reads every file, reloads one compressed result and
 * answers: a stand-in for a real LLM so the example runs offline.
 */
function createScriptedModel(): ChatModel {
  let step = 0;
  return {
    generate({ messages }) {
      step++;
      const call = (toolName: string, input: unknown): ChatModelResponse => ({
        message: {
          role: 'assistant',
          content: [
            { type: 'tool-call', toolCallId: `call-${step}`, toolName, input },
          ],
        },
        usage: { inputTokens: 900 + step * 50, outputTokens: 30 },
      });
      if (step === 1) {
        return Promise.resolve(
          call('create_plan', {
            name: 'Audit the repository',
            description: 'Read every source file and report the largest value',
            expected_outcome: 'One number',
            subtasks: [{ name: 'Read files' }, { name: 'Report' }],
          }),
        );
      }
      if (step <= FILE_COUNT + 1) {
        return Promise.resolve(
          call('read_file', { path: `src/file-${step - 1}.py` }),
        );
      }
      if (step === FILE_COUNT + 2) {
        const marker = messages
          .map((message) =>
            /CONTEXT_OFFLOAD: uuid=([^\s"\\<>]+) -->/.exec(
              JSON.stringify(message.content),
            ),
          )
          .find((match) => match !== null);
        return Promise.resolve(
          call('context_reload', {
            working_context_offload_uuid: marker?.[1] ?? 'none',
          }),
        );
      }
      if (step === FILE_COUNT + 3) {
        return Promise.resolve(
          call('finish_subtask', { subtask_idx: 0, subtask_outcome: 'read' }),
        );
      }
      return Promise.resolve({
        message: {
          role: 'assistant',
          content: [{ type: 'text', text: 'The largest value is value_119.' }],
        },
        usage: { inputTokens: 2000, outputTokens: 12 },
      });
    },
  };
}

/** Runs the agent once, offline, and reports what happened. */
export async function runAgentLoop({
  onEvent,
}: { onEvent?: (event: AgentEvent) => void } = {}): Promise<AgentLoopReport> {
  const memory = createAutoContextMemory({
    sessionId: 'agent-react-loop',
    // the hook counts the system prompt, tools and calibration with it too
    counter: createApproximateTokenCounter(),
    store: createInMemorySessionStore(),
    config: {
      maxToken: 12_000,
      msgThreshold: 40,
      lastKeep: 6,
      largePayloadThreshold: 2000,
    },
  });
  let toolCalls = 0;
  const agent = createReActAgent({
    model: createScriptedModel(),
    systemPrompt: 'You audit Python repositories.',
    // history: 'append' (the default): run() gets what is new, the memory is the history
    memory,
    planNotebook: new PlanNotebook(),
    tools: [
      defineTool<{ path: string }>({
        name: 'read_file',
        description: 'Reads a file of the repository.',
        inputSchema: {
          type: 'object',
          properties: { path: { type: 'string' } },
          required: ['path'],
          additionalProperties: false,
        },
        execute: ({ path }) => readFile(path),
      }),
    ],
    hooks: [autoContextHook({ memory })],
    maxIters: FILE_COUNT + 10,
    autoSave: true,
    onEvent: (event) => {
      if (event.type === 'tool-call') toolCalls++;
      onEvent?.(event);
    },
  });
  const result = await agent.run('Which value is the largest?');
  const reload = memory
    .getOriginalMessages()
    .flatMap((message) => message.content)
    .find(
      (part) =>
        part.type === 'tool-result' && part.toolName === 'context_reload',
    );
  return {
    answer: result.text,
    iterations: result.iterations,
    toolCalls,
    workingMessages: memory.getMessages().length,
    originalMessages: memory.getOriginalMessages().length,
    strategies: [
      ...new Set(
        memory
          .getCompressionEvents()
          .flatMap((event) =>
            event.type === 'compression' ? [event.strategy] : [],
          ),
      ),
    ].sort(),
    reloadedCharacters:
      reload?.type === 'tool-result' && typeof reload.output === 'string'
        ? reload.output.length
        : 0,
  };
}
