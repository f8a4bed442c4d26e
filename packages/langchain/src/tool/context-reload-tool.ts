import type { ContextReloadMemory } from '@acm/core';
import {
  CONTEXT_RELOAD_TOOL_NAME,
  contextReloadToolDefinition,
  createContextReloadHandler,
} from '@acm/core';
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
 * The memory a reload reads from: a memory (core's, `AutoContextMemory`,
 * `AutoContextChatMessageHistory`: anything with `sessionId` and
 * `lookupOffload`), or a function picking it from the tool call's run config
 * (e.g. by `configurable.thread_id`).
 */
export type ContextReloadMemorySource =
  ContextReloadMemory | ((config: RunnableConfig) => ContextReloadMemory);

export interface ContextReloadToolOptions {
  /** Where offloaded content is looked up. */
  readonly memory: ContextReloadMemorySource;
  /**
   * Longest reply in characters; longer content is paged.
   * @default 20000
   */
  readonly maxChars?: number;
}

/**
 * The `context_reload` tool as a LangChain `tool()`: the model passes the id
 * of a `<!-- CONTEXT_OFFLOAD: uuid=… -->` marker
 * (`working_context_offload_uuid`, optional `offset`) and gets the original
 * messages back, rendered in full and paged (core's
 * `createContextReloadHandler`; never throws: unknown, cleared and foreign
 * ids get a one-line answer). Give it to a classic agent or `createAgent`;
 * `autoContextMiddleware` registers it by itself.
 */
export function contextReloadTool({
  memory,
  maxChars = 20_000,
}: ContextReloadToolOptions) {
  const fixedHandler =
    typeof memory === 'function'
      ? undefined
      : createContextReloadHandler({ memory, maxChars });
  return tool(
    (input, config: RunnableConfig) => {
      const handler =
        fixedHandler ??
        createContextReloadHandler({
          memory: (memory as (config: RunnableConfig) => ContextReloadMemory)(
            config,
          ),
          maxChars,
        });
      return handler(input);
    },
    {
      name: CONTEXT_RELOAD_TOOL_NAME,
      description: contextReloadToolDefinition.description,
      schema: contextReloadSchema,
    },
  );
}
