import type {
  ContextReloadFunction,
  ContextReloadInput,
  ContextReloadMemory,
} from '@acm/core';
import {
  contextReloadToolDefinition,
  createContextReloadHandler,
} from '@acm/core';
import { createSessionReloadHandler } from '@acm/core/adapter';
import type { JSONSchema7, Tool } from 'ai';
import { jsonSchema, tool } from 'ai';

export interface ContextReloadToolOptions {
  /**
   * The memory whose offloads the tool reads, or a function returning it at
   * call time (e.g. `() => acm.getMemory('chat-42')`, since the middleware
   * makes its memories lazily). Give this or `reload`.
   */
  readonly memory?:
    ContextReloadMemory | (() => ContextReloadMemory | undefined);
  /** A lookup function, when there is no memory at hand. Give this or `memory`. */
  readonly reload?: ContextReloadFunction;
  /**
   * The session the tool serves (ids of other sessions are refused).
   * @default memory.sessionId with `memory`; with `reload`, no session check
   */
  readonly sessionId?: string;
  /**
   * Longest reply in characters; longer content is paged.
   * @default 20000
   */
  readonly maxChars?: number;
  /**
   * The tool's description.
   * @default contextReloadToolDefinition.description
   */
  readonly description?: string;
}

/**
 * The `context_reload` tool for `generateText` / `streamText` / agents, built
 * with the AI SDK's `tool()`: the model passes the id of a compressed
 * message's marker (`working_context_offload_uuid`, optional `offset`) and
 * gets the original messages back as text (core's
 * `createContextReloadHandler`: paged, never throws). Register it under
 * `CONTEXT_RELOAD_TOOL_NAME` and add `CONTEXT_RELOAD_INSTRUCTION` to the
 * system prompt once.
 *
 * @example
 * tools: { [CONTEXT_RELOAD_TOOL_NAME]: contextReloadTool({ memory: () => acm.getMemory('chat-42') }) }
 */
export function contextReloadTool({
  memory,
  reload,
  sessionId,
  maxChars,
  description = contextReloadToolDefinition.description,
}: ContextReloadToolOptions): Tool<ContextReloadInput, string> {
  const execute =
    typeof memory === 'function'
      ? createSessionReloadHandler({ getMemory: memory, sessionId, maxChars })
      : createContextReloadHandler({ memory, reload, sessionId, maxChars });
  return tool({
    description,
    inputSchema: jsonSchema<ContextReloadInput>(
      contextReloadToolDefinition.inputSchema as unknown as JSONSchema7,
    ),
    execute: (input: ContextReloadInput) => execute(input),
  });
}
