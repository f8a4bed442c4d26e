import type { ContextReloadMemory } from '@acm/core';
import {
  CONTEXT_RELOAD_TOOL_NAME,
  contextReloadToolDefinition,
  createContextReloadHandler,
} from '@acm/core';
import { createSessionReloadHandler } from '@acm/core/adapter';
import type { RunnableConfig } from '@langchain/core/runnables';
import { tool } from '@langchain/core/tools';
import { z } from 'zod';

const properties = contextReloadToolDefinition.inputSchema.properties;

/** The tool's input schema (zod), wire-compatible with the reference. */
export const contextReloadSchema = z.object({
  working_context_offload_uuid: z
    .string()
    .describe(properties.working_context_offload_uuid.description),
  offset: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(properties.offset.description),
});

/**
 * A memory (anything with `sessionId` and `lookupOffload`: core's, the chat
 * history, the chain memory), or a function picking it from the tool call's
 * run config (`undefined` while the thread has none yet).
 */
export type ContextReloadMemorySource =
  | ContextReloadMemory
  | ((config: RunnableConfig) => ContextReloadMemory | undefined);

/** Where `contextReloadTool` reads and how long its replies get. */
export interface ContextReloadToolOptions {
  readonly memory: ContextReloadMemorySource;
  /**
   * Longest reply in characters; longer content is paged.
   * @default 20000
   */
  readonly maxChars?: number;
}

/**
 * The `context_reload` tool as a LangChain `tool()`: the model passes the id
 * of a `<!-- CONTEXT_OFFLOAD: uuid=… -->` marker and gets the original
 * messages back, paged (core's `createContextReloadHandler`; never throws:
 * unknown, cleared and foreign ids get a one-line answer).
 * `autoContextMiddleware` registers it by itself.
 */
export function contextReloadTool({
  memory,
  maxChars = 20_000,
}: ContextReloadToolOptions) {
  const handler =
    typeof memory === 'function'
      ? createSessionReloadHandler({ getMemory: memory, maxChars })
      : createContextReloadHandler({ memory, maxChars });
  return tool((input, config: RunnableConfig) => handler(input, config), {
    name: CONTEXT_RELOAD_TOOL_NAME,
    description: contextReloadToolDefinition.description,
    schema: contextReloadSchema,
  });
}
