import type { ModelUsage } from '../model/chat-model';
import type { AgentRunStatus } from './agent-run-result';

interface EventBase {
  /** Epoch milliseconds from the agent's clock. */
  readonly at: number;
  /** Reasoning steps taken in this run when the event happened. */
  readonly iteration: number;
}

/** Structured events of a run, in order (noun-verb names, `start`/`end`). */
export type AgentEvent =
  | (EventBase & {
      readonly type: 'run-start';
      /** Whether the run continues a stored one (`resume`). */
      readonly resumed: boolean;
    })
  | (EventBase & {
      readonly type: 'reasoning-start';
      /** Messages sent, the system prompt included. */
      readonly messageCount: number;
      readonly toolCount: number;
    })
  | (EventBase & {
      readonly type: 'reasoning-end';
      readonly durationMs: number;
      readonly toolCallCount: number;
      readonly usage?: ModelUsage;
    })
  | (EventBase & {
      readonly type: 'acting-start';
      readonly toolCallCount: number;
    })
  | (EventBase & {
      readonly type: 'tool-call';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly input: unknown;
    })
  | (EventBase & {
      readonly type: 'tool-result';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly isError: boolean;
      readonly durationMs: number;
    })
  | (EventBase & { readonly type: 'acting-end'; readonly durationMs: number })
  | (EventBase & {
      readonly type: 'run-end';
      readonly status: AgentRunStatus | 'failed';
      readonly durationMs: number;
      readonly usage: ModelUsage;
    });

export type AgentEventType = AgentEvent['type'];
