import type { ToolDefinition } from './tool-definition';

/** What a tool's `execute` receives besides its input. */
export interface ToolExecutionOptions {
  /** The id of the call being answered. */
  readonly toolCallId: string;
  /** Aborted when the run is aborted. */
  readonly signal: AbortSignal;
}

/**
 * A tool the agent can run: its definition (sent to the model) plus
 * `execute`. The input is validated against `inputSchema` before `execute`
 * runs; a validation failure, an unknown tool and a throwing `execute` all
 * become error results the model sees (`isError: true`), never a failed run.
 */
export interface AgentTool<TInput = unknown> extends ToolDefinition {
  /** Runs the tool; returns (or resolves with) a string or any JSON value. */
  execute(input: TInput, options: ToolExecutionOptions): unknown;
}
