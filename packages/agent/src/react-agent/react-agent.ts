import type { AutoContextMemory, Message } from '@acm/core';
import type { PlanNotebook } from '../plan/plan-notebook';
import type { AgentTool } from '../tool/agent-tool';
import type { AgentRunResult } from './agent-run-result';
import type { RunState } from './read-run-state';

/** What a run starts from: a user's text, or messages to append. */
export type AgentInput = string | Message | readonly Message[];

/** Options of one `run`, `call` or `resume`. */
export interface AgentRunOptions {
  /**
   * Aborts the run: the step in progress is not stored, and the run resolves
   * with status `aborted`; `resume()` continues from the last stored step.
   * @default undefined
   */
  readonly signal?: AbortSignal;
}

/** A ReAct agent made by `createReActAgent`. */
export interface ReActAgent {
  readonly name: string;
  /** The system prompt the agent was created with (hooks may extend what is sent). */
  readonly systemPrompt: string;
  /** Where the conversation lives; compress it with `autoContextHook`. */
  readonly memory: AutoContextMemory;
  /** The agent's plan notebook, when it has one. */
  readonly planNotebook: PlanNotebook | undefined;
  /**
   * Takes `input` into the memory (as `history` says: what is new, or the
   * whole conversation) and loops model → tools → model until a final
   * answer, `maxIters` or an abort.
   * @throws (rejects) HistoryMismatchError for an input that does not continue the stored session (`onMismatch: 'error'`), before any model call.
   */
  run(input: AgentInput, options?: AgentRunOptions): Promise<AgentRunResult>;
  /** The same as `run` (the reference's name). */
  call(input: AgentInput, options?: AgentRunOptions): Promise<AgentRunResult>;
  /**
   * Continues the stored run where it stopped (after an abort, a crash or
   * `load()`): runs pending tool calls, or the due model call. Resolves at
   * once with the last answer when nothing is pending.
   */
  resume(options?: AgentRunOptions): Promise<AgentRunResult>;
  /** Where the stored run stands (read from the memory's original messages). */
  getRunState(): RunState;
  /**
   * Adds a tool.
   * @throws InvalidArgumentError when a tool with that name exists.
   */
  registerTool(tool: AgentTool): void;
  hasTool(name: string): boolean;
  /** The registered tools, in registration order. */
  getTools(): readonly AgentTool[];
  /**
   * Saves the session (the memory's state, which holds the run: see
   * `readRunState`) to the memory's store, compare-and-set.
   * @returns whether the store was written.
   */
  save(): Promise<boolean>;
  /**
   * Loads the session from the memory's store and rebuilds the plan
   * notebook from it; call `resume()` next.
   * @returns whether a stored session was found.
   */
  load(): Promise<boolean>;
}
