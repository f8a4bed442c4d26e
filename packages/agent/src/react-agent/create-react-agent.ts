import {
  InvalidArgumentError,
  createAutoContextMemory,
  randomId,
  systemClock,
} from '@acm/core';
import type {
  AutoContextMemory,
  Clock,
  HistoryMismatchEvent,
  HistoryMode,
  IdGenerator,
  Message,
} from '@acm/core';
import { loadStoredSession, syncMessages } from '@acm/core/adapter';
import type { AgentHook } from '../hook/agent-hook';
import { sortHooks } from '../hook/sort-hooks';
import type { ChatModel } from '../model/chat-model';
import type { PlanNotebook } from '../plan/plan-notebook';
import type { AgentTool } from '../tool/agent-tool';
import type { AgentEvent } from './agent-event';
import type { AgentParts } from './agent-run';
import { executeRun } from './execute-run';
import type { RunLock } from './execute-run';
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
  /**
   * What `run(input)` receives. `'append'`: what is new (a user's text, the
   * messages to add); the memory is the history, and a memory with a store
   * that has not been used yet loads its stored session before the first run
   * (as `load()` does), so a restarted agent goes on where it stopped.
   * Messages the memory holds already at its end (a retried input, same ids)
   * or the whole stored history sent again are not stored twice.
   * `'mirror'`: the whole conversation, every run (an app that keeps it,
   * messages with stable ids); only what follows the stored part is added.
   * An input that does neither follows `onMismatch`.
   * @default 'append'
   */
  readonly history?: HistoryMode;
  /**
   * An input that does not continue the stored session (in `'mirror'` mode a
   * text or only new messages; a history that repeats the stored start and
   * then leaves it; a message whose id is stored elsewhere): `'error'`
   * rejects the run with `HistoryMismatchError` (code `HISTORY_MISMATCH`)
   * before any model call, nothing changed; `'replace'` starts the session
   * over from the input and archives the messages it drops behind one reload
   * id (`onHistoryMismatch`'s `dropped.archiveId`, `memory.reload(id)`). The
   * agent's memory is one session, so there is no `'fork'`: give a branch
   * its own memory and session id.
   * @default 'error'
   */
  readonly onMismatch?: 'error' | 'replace';
  /**
   * Receives every mismatch with its outcome (`'error'` before the run
   * rejects, `'replace'` with `dropped`).
   * @default undefined
   */
  readonly onHistoryMismatch?: (event: HistoryMismatchEvent) => void;
}

/** What `HistoryMismatchError` tells an agent's user to set. */
const REMEDY =
  "set history: 'append' if run() gets only new messages, or onMismatch: 'replace' to start over (the dropped messages are archived behind a reload id)";

/**
 * A small ReAct agent over a {@link ChatModel}: it takes the input into its
 * memory (`history: 'append'`, the default: what is new, on top of the stored
 * session, which an untouched memory with a store loads before the first run;
 * `'mirror'`: the whole conversation; an input that continues neither follows
 * `onMismatch`), then loops (hooks → model → hooks → tools → hooks) until the model
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
  history = 'append',
  onMismatch = 'error',
  onHistoryMismatch,
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
  /** The stored session, loaded before the first run (retried after a failure). */
  let prepared: Promise<void> | undefined;
  const replay = () => planNotebook?.replay(agentMemory.getOriginalMessages());
  const prepare = (): Promise<void> =>
    (prepared ??= loadStoredSession(agentMemory).then(
      (found) => {
        if (found) replay();
      },
      (error: unknown) => {
        prepared = undefined;
        throw error;
      },
    ));
  const takeInput = async (input: readonly Message[]): Promise<void> => {
    const { appended } = await syncMessages({
      memory: agentMemory,
      messages: input,
      history,
      onMismatch,
      onHistoryMismatch,
      remedy: REMEDY,
      idOf: (message) => message.id,
      convert: (messages) => messages,
    });
    if (autoSave && appended.length > 0) await agentMemory.save();
  };
  const lock: RunLock = { running: false };
  const execute = (
    input: readonly Message[] | undefined,
    options: AgentRunOptions,
  ) => executeRun(parts, lock, input, options);

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
      prepared = Promise.resolve();
      if (found) replay();
      return found;
    },
  };
  // What every run works with (read when a run starts).
  const parts: AgentParts = {
    agent,
    model,
    memory: agentMemory,
    name,
    systemPrompt,
    hooks: sortedHooks,
    toolsByName,
    maxIters,
    clock,
    generateId,
    parallelToolCalls,
    emit,
    store,
    prepare,
    takeInput,
  };
  return agent;
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
