import type {
  ContextSearchInput,
  ContextSearchMemory,
} from '@acm/core/long-term';
import { contextSearchToolDefinition } from '@acm/core/long-term';
import { createSessionSearchHandler } from '@acm/core/adapter';
import type { JSONSchema7, Tool } from 'ai';
import { jsonSchema, tool } from 'ai';

export interface ContextSearchToolOptions {
  /**
   * The memory whose history the tool searches, or a function returning it
   * at call time (e.g. `() => acm.getMemory('chat-42')`, as for
   * `contextReloadTool`).
   */
  readonly memory:
    ContextSearchMemory | (() => ContextSearchMemory | undefined);
}

/**
 * The `context_search` tool for `generateText` / `streamText` / agents: the
 * model searches this session's earlier messages, compressed ones included,
 * and gets short snippets with the ids to pass to `context_reload` (core's
 * `createContextSearchHandler`: incremental index, never throws). Register
 * it next to `contextReloadTool` under `CONTEXT_SEARCH_TOOL_NAME`.
 *
 * @example
 * tools: { [CONTEXT_RELOAD_TOOL_NAME]: contextReloadTool({ memory }), [CONTEXT_SEARCH_TOOL_NAME]: contextSearchTool({ memory }) }
 */
export function contextSearchTool({
  memory,
}: ContextSearchToolOptions): Tool<ContextSearchInput, string> {
  // One handler per memory (each keeps its own incremental index).
  const execute = createSessionSearchHandler(memory);
  return tool({
    description: contextSearchToolDefinition.description,
    inputSchema: jsonSchema<ContextSearchInput>(
      structuredClone(
        contextSearchToolDefinition.inputSchema,
      ) as unknown as JSONSchema7,
    ),
    execute: (input: ContextSearchInput) => execute(input, undefined),
  });
}
