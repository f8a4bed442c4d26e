import type { Message } from '@acm/core';
import type { ModelUsage } from '../model/chat-model';

/** How a run ended. */
export type AgentRunStatus =
  /** The model gave a final answer (no tool calls). */
  | 'completed'
  /** `maxIters` reasoning steps were taken without a final answer. */
  | 'max-iterations'
  /** The run's signal aborted; `resume()` continues from the last stored step. */
  | 'aborted';

/** What `run`, `call` and `resume` return. */
export interface AgentRunResult {
  readonly status: AgentRunStatus;
  /** The final answer (status `completed`). */
  readonly message?: Message;
  /** The final answer's text (status `completed`), '' otherwise. */
  readonly text: string;
  /** Reasoning steps taken in this run, counting those before a resume. */
  readonly iterations: number;
  /** Usage summed over the model calls of this call of `run` / `resume`. */
  readonly usage: ModelUsage;
}
