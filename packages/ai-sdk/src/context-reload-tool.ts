import type {
  ContextReloadFunction,
  ContextReloadInput,
  ContextReloadMemory,
} from '@acm/core';
import {
  contextReloadToolDefinition,
  createContextReloadHandler,
} from '@acm/core';
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

/** The answer when a memory getter returns nothing yet. */
const NO_MEMORY_REPLY =
  'No offloaded context is available yet in this conversation.';

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
  const fixed =
    typeof memory === 'function'
      ? undefined
      : createContextReloadHandler({ memory, reload, sessionId, maxChars });
  const getMemory = typeof memory === 'function' ? memory : undefined;
  return tool({
    description,
    inputSchema: jsonSchema<ContextReloadInput>(
      contextReloadToolDefinition.inputSchema as unknown as JSONSchema7,
    ),
    execute: async (input: ContextReloadInput): Promise<string> => {
      if (fixed !== undefined) return fixed(input);
      const current = getMemory?.();
      if (current === undefined) return NO_MEMORY_REPLY;
      return createContextReloadHandler({
        memory: current,
        sessionId,
        maxChars,
      })(input);
    },
  });
}
