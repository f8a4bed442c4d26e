import type { ContextReloadMemory } from '@acm/core';
import {
  CONTEXT_RELOAD_TOOL_NAME,
  InvalidArgumentError,
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

/**
 * Sessions that answer a `context_reload` call for a session id, loading an
 * evicted one from their store (core's `SessionManager`, as
 * `autoContextMiddleware` holds it).
 */
export interface ContextReloadSessions {
  /** The tool's answer for `input` (`{ id }`) on the session `sessionId`; never rejects. */
  reload(
    sessionId: unknown,
    input: unknown,
    options?: { readonly maxChars?: number },
  ): Promise<string>;
}

/** Where `contextReloadTool` reads and how long its replies get. */
export interface ContextReloadToolOptions {
  /**
   * The memory the tool reads, or a function picking it from the run
   * config. Give this or `sessions`.
   */
  readonly memory?: ContextReloadMemorySource;
  /**
   * Sessions read by the run's `configurable.thread_id` (held, or loaded
   * from their store when evicted or after a restart): how
   * `autoContextMiddleware` registers the tool. Give this or `memory`.
   */
  readonly sessions?: ContextReloadSessions;
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
  sessions,
  maxChars = 20_000,
}: ContextReloadToolOptions) {
  if (sessions !== undefined && memory !== undefined) {
    throw new InvalidArgumentError({
      parameter: 'sessions',
      value: sessions,
      message: 'pass one of sessions and memory',
    });
  }
  // Validates maxChars (and a missing memory) now, not at the model's first call.
  const handler =
    typeof memory === 'function'
      ? createSessionReloadHandler({ getMemory: memory, maxChars })
      : createContextReloadHandler(
          sessions === undefined
            ? { memory, maxChars }
            : { reload: () => undefined, maxChars },
        );
  const execute =
    sessions === undefined
      ? (input: unknown, config: RunnableConfig) => handler(input, config)
      : (input: unknown, config: RunnableConfig) =>
          sessions.reload(config.configurable?.thread_id, input, { maxChars });
  return tool((input, config: RunnableConfig) => execute(input, config), {
    name: CONTEXT_RELOAD_TOOL_NAME,
    description: contextReloadToolDefinition.description,
    schema: contextReloadSchema,
  });
}
