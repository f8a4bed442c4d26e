import type { AgentTool } from './agent-tool';

/**
 * Types a tool's `execute` input for you and returns it as a plain
 * `AgentTool`. The agent validates the input against `inputSchema` before
 * `execute` runs, so `TInput` should describe what the schema allows.
 */
export function defineTool<TInput>(tool: AgentTool<TInput>): AgentTool {
  return tool;
}
