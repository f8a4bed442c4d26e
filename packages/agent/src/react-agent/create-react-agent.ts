import {
  InvalidArgumentError,
  InvalidStateError,
  createAutoContextMemory,
  getMessageText,
  randomId,
  stringifyToolOutput,
  systemClock,
} from '@acm/core';
import type {
  AutoContextMemory,
  Clock,
  IdGenerator,
  Message,
  ToolCallPart,
  ToolResultPart,
} from '@acm/core';
import type {
  AgentHook,
  PlannedToolCall,
  PostReasoningContext,
  ReasoningRequest,
} from '../hook/agent-hook';
import { sortHooks } from '../hook/sort-hooks';
import type {
  ChatModel,
  ChatModelResponse,
  ModelUsage,
} from '../model/chat-model';
import type { PlanNotebook } from '../plan/plan-notebook';
import type { AgentTool } from '../tool/agent-tool';
import type { ToolDefinition } from '../tool/tool-definition';
import { validateJsonSchema } from '../tool/validate-json-schema';
import type { AgentEvent } from './agent-event';
import type { AgentRunResult, AgentRunStatus } from './agent-run-result';
import type { AgentInput, AgentRunOptions, ReActAgent } from './react-agent';
import { readRunState } from './read-run-state';

export interface CreateReActAgentOptions {
  /** The model that reasons: messages and tools in, an assistant message out. */
  readonly model: ChatModel;
  /**
   * Tools the model may call (more can be added with `registerTool`).
   * @default []
   */
  readonly tools?: readonly AgentTool[];
  /**
   * Instructions sent first, as a `system` message, on every model call.
   * @default ''
   */
  readonly systemPrompt?: string;
  /**
   * The agent's name (events, the system message's speaker).
   * @default 'agent'
   */
  readonly name?: string;
  /**
   * Where the conversation lives. Give the same memory to `autoContextHook`
   * to compress it before every model call.
   * @default createAutoContextMemory({ clock })
   */
  readonly memory?: AutoContextMemory;
  /**
   * Hooks into the loop, run by priority (lower first, stable).
   * @default []
   */
  readonly hooks?: readonly AgentHook[];
  /**
   * A plan notebook: its plan tools are registered, and `autoContextHook`
   * attaches it to the memory for plan-aware compression.
   * @default undefined
   */
  readonly planNotebook?: PlanNotebook;
  /**
   * Most reasoning steps (model calls) per run; the run then ends with status
   * `max-iterations` (the tool calls of the last step still run).
   * @default 10
   */
  readonly maxIters?: number;
  /**
   * Times events.
   * @default systemClock
   */
  readonly clock?: Clock;
  /**
   * Ids of the messages the agent writes (input, answers without an id, tool results).
   * @default randomId
   */
  readonly generateId?: IdGenerator;
  /**
   * Receives every event of a run, in order. A listener that throws is ignored.
   * @default undefined
   */
  readonly onEvent?: (event: AgentEvent) => void;
  /**
   * Run the tool calls of one step concurrently (results are stored in call
   * order either way).
   * @default true
   */
  readonly parallelToolCalls?: boolean;
  /**
   * Save the session (`save()`) after every stored step, so that a crashed
   * process can `load()` and `resume()`. Needs a memory with a store.
   * @default false
   */
  readonly autoSave?: boolean;
}

const NEVER_ABORTED = new AbortController().signal;
const NO_USAGE: ModelUsage = { inputTokens: 0, outputTokens: 0 };

/**
 * A small ReAct agent over a {@link ChatModel}: it appends the input to its
 * memory, then loops (hooks → model → hooks → tools → hooks) until the model
 * answers without tool calls, `maxIters` steps were taken or the signal
 * aborts. Every step is stored in one append (the answer; all results of a
 * step), so the memory's messages always say where a run stands, and a
 * stored session resumes exactly (`load()` then `resume()`).
 *
 * Tool calls of one step run concurrently; their results are stored in call
 * order, one tool message each. An unknown tool, an input that fails the
 * tool's JSON schema, a vetoed call and a throwing tool each give the model
 * an error result (`isError: true`) instead of failing the run.
 *
 * @throws InvalidArgumentError for an invalid `maxIters` or duplicate tool names.
 */
export function createReActAgent({
  model,
  tools = [],
  systemPrompt = '',
  name = 'agent',
  memory,
  hooks = [],
  planNotebook,
  maxIters = 10,
  clock = systemClock,
  generateId = randomId,
  onEvent,
  parallelToolCalls = true,
  autoSave = false,
}: CreateReActAgentOptions): ReActAgent {
  if (!Number.isInteger(maxIters) || maxIters < 1) {
    throw new InvalidArgumentError({
      parameter: 'maxIters',
      value: maxIters,
      message: `must be an integer of at least 1, received ${String(maxIters)}`,
    });
  }
  const agentMemory = memory ?? createAutoContextMemory({ clock });
  const sortedHooks = sortHooks(hooks);
  const toolsByName = new Map<string, AgentTool>();
  let running = false;

  const emit = (event: AgentEvent): void => {
    try {
      onEvent?.(event);
    } catch {
      // A listener cannot break a run.
    }
  };

  const registerTool = (tool: AgentTool): void => {
    if (toolsByName.has(tool.name)) {
      throw new InvalidArgumentError({
        parameter: 'tool',
        value: tool.name,
        message: `a tool named ${JSON.stringify(tool.name)} is already registered`,
      });
    }
    toolsByName.set(tool.name, tool);
  };
  for (const tool of planNotebook?.getTools() ?? []) registerTool(tool);
  for (const tool of tools) registerTool(tool);

  const save = async (): Promise<boolean> => agentMemory.save();
  const store = async (messages: readonly Message[]): Promise<void> => {
    await agentMemory.addMessages(messages);
    if (autoSave) await agentMemory.save();
  };

  async function execute(
    input: readonly Message[] | undefined,
    { signal = NEVER_ABORTED }: AgentRunOptions,
  ): Promise<AgentRunResult> {
    if (running) {
      throw new InvalidStateError({
        path: 'agent',
        message: `${name} is already running: wait for the current run to end`,
      });
    }
    running = true;
    const startedAt = clock.now();
    let iteration = 0;
    let usage = NO_USAGE;
    const base = () => ({ agent, signal, iteration });

    const finish = async (
      status: AgentRunStatus,
      message?: Message,
    ): Promise<AgentRunResult> => {
      const result: AgentRunResult =
        message === undefined
          ? { status, text: '', iterations: iteration, usage }
          : {
              status,
              message,
              text: getMessageText(message),
              iterations: iteration,
              usage,
            };
      for (const hook of sortedHooks) {
        await hook.postCall?.({ ...base(), result });
      }
      emit({
        type: 'run-end',
        at: clock.now(),
        iteration,
        status,
        durationMs: clock.now() - startedAt,
        usage,
      });
      return result;
    };

    const reason = async (): Promise<boolean> => {
      let request: ReasoningRequest = {
        messages: agentMemory.getMessages(),
        tools: [...toolsByName.values()].map(toDefinition),
        systemPrompt,
      };
      for (const hook of sortedHooks) {
        const change = await hook.preReasoning?.({ ...base(), request });
        if (change) request = { ...request, ...change };
      }
      if (signal.aborted) return false;
      const messages =
        request.systemPrompt === ''
          ? request.messages
          : [systemMessage(name, request.systemPrompt), ...request.messages];
      emit({
        type: 'reasoning-start',
        at: clock.now(),
        iteration,
        messageCount: messages.length,
        toolCount: request.tools.length,
      });
      const reasoningStart = clock.now();
      let response: ChatModelResponse;
      try {
        response = await model.generate({
          messages,
          tools: request.tools,
          signal,
        });
      } catch (error) {
        if (signal.aborted) return false;
        throw error;
      }
      if (signal.aborted) return false;
      let answered = withMessageId(response, generateId);
      for (const hook of sortedHooks) {
        const change = await hook.postReasoning?.({
          ...base(),
          request,
          response: answered,
        });
        if (change?.response) {
          answered = withMessageId(change.response, generateId);
        }
      }
      if (answered.usage !== undefined) {
        usage = {
          inputTokens: usage.inputTokens + answered.usage.inputTokens,
          outputTokens: usage.outputTokens + answered.usage.outputTokens,
        };
      }
      await store([answered.message]);
      iteration++;
      emit({
        type: 'reasoning-end',
        at: clock.now(),
        iteration,
        durationMs: clock.now() - reasoningStart,
        toolCallCount: answered.message.content.filter(
          (part) => part.type === 'tool-call',
        ).length,
        ...(answered.usage === undefined ? {} : { usage: answered.usage }),
      });
      return true;
    };

    const runTool = async (call: PlannedToolCall): Promise<ToolResultPart> => {
      emit({
        type: 'tool-call',
        at: clock.now(),
        iteration,
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        input: call.input,
      });
      const toolStart = clock.now();
      const result = await executeTool(call, toolsByName, signal);
      emit({
        type: 'tool-result',
        at: clock.now(),
        iteration,
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        isError: result.isError === true,
        durationMs: clock.now() - toolStart,
      });
      return result;
    };

    const act = async (calls: readonly ToolCallPart[]): Promise<boolean> => {
      let planned: readonly PlannedToolCall[] = calls.map((call) => ({
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        input: call.input,
      }));
      emit({
        type: 'acting-start',
        at: clock.now(),
        iteration,
        toolCallCount: calls.length,
      });
      const actingStart = clock.now();
      for (const hook of sortedHooks) {
        const change = await hook.preActing?.({
          ...base(),
          toolCalls: planned,
        });
        if (change?.toolCalls) planned = reconcile(calls, change.toolCalls);
      }
      let results: readonly ToolResultPart[];
      if (parallelToolCalls) {
        results = await Promise.all(planned.map(runTool));
      } else {
        const sequential: ToolResultPart[] = [];
        for (const call of planned) sequential.push(await runTool(call));
        results = sequential;
      }
      if (signal.aborted) return false;
      for (const hook of sortedHooks) {
        const change = await hook.postActing?.({
          ...base(),
          toolCalls: planned,
          results,
        });
        if (change?.results) {
          assertResultsMatch(planned, change.results);
          results = change.results;
        }
      }
      await store(
        results.map((result) => ({
          id: generateId(),
          role: 'tool',
          content: [result],
        })),
      );
      emit({
        type: 'acting-end',
        at: clock.now(),
        iteration,
        durationMs: clock.now() - actingStart,
      });
      return true;
    };

    try {
      let appended = input ?? [];
      for (const hook of sortedHooks) {
        const change = await hook.preCall?.({ ...base(), input: appended });
        if (change?.input) appended = change.input;
      }
      if (appended.length > 0) await store(appended);
      iteration = readRunState(agentMemory.getOriginalMessages()).iteration;
      emit({
        type: 'run-start',
        at: clock.now(),
        iteration,
        resumed: input === undefined,
      });
      for (;;) {
        if (signal.aborted) return await finish('aborted');
        const state = readRunState(agentMemory.getOriginalMessages());
        if (state.pending === 'none') {
          return await finish(
            'completed',
            agentMemory.getOriginalMessages().at(-1),
          );
        }
        if (state.pending === 'acting') {
          if (!(await act(state.pendingToolCalls))) {
            return await finish('aborted');
          }
          continue;
        }
        if (iteration >= maxIters) return await finish('max-iterations');
        if (!(await reason())) return await finish('aborted');
      }
    } catch (error) {
      emit({
        type: 'run-end',
        at: clock.now(),
        iteration,
        status: 'failed',
        durationMs: clock.now() - startedAt,
        usage,
      });
      throw error;
    } finally {
      running = false;
    }
  }

  const run = (input: AgentInput, options: AgentRunOptions = {}) =>
    execute(toInputMessages(input, generateId), options);

  const agent: ReActAgent = {
    name,
    systemPrompt,
    memory: agentMemory,
    planNotebook,
    run,
    call: run,
    resume: (options: AgentRunOptions = {}) => execute(undefined, options),
    getRunState: () => readRunState(agentMemory.getOriginalMessages()),
    registerTool,
    hasTool: (toolName) => toolsByName.has(toolName),
    getTools: () => [...toolsByName.values()],
    save,
    load: async () => {
      const found = await agentMemory.load();
      if (found) planNotebook?.replay(agentMemory.getOriginalMessages());
      return found;
    },
  };
  return agent;
}

function toDefinition({
  name,
  description,
  inputSchema,
}: AgentTool): ToolDefinition {
  return { name, description, inputSchema };
}

function systemMessage(name: string, text: string): Message {
  return {
    id: `${name}-system-prompt`,
    role: 'system',
    content: [{ type: 'text', text }],
  };
}

function toInputMessages(
  input: AgentInput,
  generateId: IdGenerator,
): readonly Message[] {
  if (typeof input === 'string') {
    return [
      {
        id: generateId(),
        role: 'user',
        content: [{ type: 'text', text: input }],
      },
    ];
  }
  return isMessageList(input) ? input : [input];
}

function isMessageList(
  input: Message | readonly Message[],
): input is readonly Message[] {
  return Array.isArray(input);
}

function withMessageId(
  response: ChatModelResponse,
  generateId: IdGenerator,
): PostReasoningContext['response'] {
  const { id, ...rest } = response.message;
  return {
    ...response,
    message: { ...rest, id: id ?? generateId(), role: 'assistant' },
  };
}

/** Keeps one planned call per call the model made, in the model's order. */
function reconcile(
  calls: readonly ToolCallPart[],
  planned: readonly PlannedToolCall[],
): readonly PlannedToolCall[] {
  const byId = new Map(planned.map((call) => [call.toolCallId, call]));
  return calls.map(
    (call) =>
      byId.get(call.toolCallId) ?? {
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        input: call.input,
        veto: 'Error: this tool call was skipped by a hook.',
      },
  );
}

function assertResultsMatch(
  planned: readonly PlannedToolCall[],
  results: readonly ToolResultPart[],
): void {
  const matches =
    results.length === planned.length &&
    results.every(
      (result, index) => result.toolCallId === planned[index]!.toolCallId,
    );
  if (!matches) {
    throw new InvalidArgumentError({
      parameter: 'results',
      value: results.map((result) => result.toolCallId),
      message: `a postActing hook must return one result per tool call, in call order (${planned.map((call) => call.toolCallId).join(', ')})`,
    });
  }
}

async function executeTool(
  call: PlannedToolCall,
  toolsByName: ReadonlyMap<string, AgentTool>,
  signal: AbortSignal,
): Promise<ToolResultPart> {
  const result = (output: unknown, isError: boolean): ToolResultPart =>
    isError
      ? {
          type: 'tool-result',
          toolCallId: call.toolCallId,
          toolName: call.toolName,
          output,
          isError: true,
        }
      : {
          type: 'tool-result',
          toolCallId: call.toolCallId,
          toolName: call.toolName,
          output,
        };
  if (call.veto !== undefined) return result(call.veto, true);
  const tool = toolsByName.get(call.toolName);
  if (tool === undefined) {
    const names = [...toolsByName.keys()].join(', ');
    return result(
      `Error: unknown tool ${JSON.stringify(call.toolName)}. Available tools: ${names === '' ? 'none' : names}.`,
      true,
    );
  }
  const validation = validateJsonSchema({
    schema: tool.inputSchema,
    value: call.input,
  });
  if (!validation.success) {
    return result(
      `Error: invalid input for tool ${JSON.stringify(call.toolName)}: ${validation.errors.join('; ')}`,
      true,
    );
  }
  try {
    const output = await tool.execute(call.input, {
      toolCallId: call.toolCallId,
      signal,
    });
    return result(toJsonOutput(output), false);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return result(`Error: ${detail}`, true);
  }
}

/** A tool's output as a JSON value the memory accepts. */
function toJsonOutput(output: unknown): unknown {
  if (output === undefined) return '';
  if (typeof output === 'string') return output;
  try {
    const text = JSON.stringify(output);
    if (text !== undefined) return JSON.parse(text) as unknown;
  } catch {
    // Not JSON (a cycle, a bigint): fall through to text.
  }
  return stringifyToolOutput(output);
}
