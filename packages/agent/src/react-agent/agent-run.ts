import type { AutoContextMemory, Clock, IdGenerator, Message } from '@acm/core';
import type { AgentHook, HookContext } from '../hook/agent-hook';
import type { ChatModel, ModelUsage } from '../model/chat-model';
import type { AgentTool } from '../tool/agent-tool';
import type { AgentEvent } from './agent-event';
import type { ReActAgent } from './react-agent';

/** What every run of one agent works with (`createReActAgent`). */
export interface AgentParts {
  readonly agent: ReActAgent;
  readonly model: ChatModel;
  readonly memory: AutoContextMemory;
  readonly name: string;
  readonly systemPrompt: string;
  /** The hooks, sorted by priority. */
  readonly hooks: readonly AgentHook[];
  readonly toolsByName: ReadonlyMap<string, AgentTool>;
  readonly maxIters: number;
  readonly clock: Clock;
  readonly generateId: IdGenerator;
  readonly parallelToolCalls: boolean;
  /** Sends an event to the listener; a listener that throws is ignored. */
  readonly emit: (event: AgentEvent) => void;
  /** Appends a step's messages to the memory (and saves, with `autoSave`). */
  readonly store: (messages: readonly Message[]) => Promise<void>;
  /**
   * Loads the stored session before the agent's first run (an untouched
   * memory with a store), once.
   */
  readonly prepare: () => Promise<void>;
  /**
   * Takes a run's input into the memory as `history` says (core's
   * `syncMessages`), and saves with `autoSave`.
   * @throws (rejects) HistoryMismatchError for an input that does not continue the stored session (`onMismatch: 'error'`).
   */
  readonly takeInput: (input: readonly Message[]) => Promise<void>;
}

/** One run: the agent's parts and what the run's steps read and change. */
export interface AgentRun extends AgentParts {
  readonly signal: AbortSignal;
  /** When the run started (`clock.now()`). */
  readonly startedAt: number;
  /** Reasoning steps taken, counting those before a resume. */
  iteration: number;
  /** Usage summed over the model calls of this run. */
  usage: ModelUsage;
}

/** What every hook of `run` receives now. */
export function toHookContext(run: AgentRun): HookContext {
  return { agent: run.agent, signal: run.signal, iteration: run.iteration };
}
