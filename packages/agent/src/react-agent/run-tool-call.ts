import { stringifyToolOutput } from '@acm/core';
import type { ToolResultPart } from '@acm/core';
import type { PlannedToolCall } from '../hook/agent-hook';
import type { AgentTool } from '../tool/agent-tool';
import { validateJsonSchema } from '../tool/validate-json-schema';
import type { AgentRun } from './agent-run';

/**
 * One tool call of an acting step, between its `tool-call` and
 * `tool-result` events: a vetoed call, an unknown tool, an input that fails
 * the tool's JSON schema and a throwing tool each give an error result
 * (`isError: true`) instead of failing the run.
 */
export async function runToolCall(
  run: AgentRun,
  call: PlannedToolCall,
): Promise<ToolResultPart> {
  const { clock } = run;
  run.emit({
    type: 'tool-call',
    at: clock.now(),
    iteration: run.iteration,
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    input: call.input,
  });
  const startedAt = clock.now();
  const result = await executeTool(call, run.toolsByName, run.signal);
  run.emit({
    type: 'tool-result',
    at: clock.now(),
    iteration: run.iteration,
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    isError: result.isError === true,
    durationMs: clock.now() - startedAt,
  });
  return result;
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
