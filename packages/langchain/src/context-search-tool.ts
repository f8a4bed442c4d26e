import type { ContextSearchMemory } from '@acm/core/long-term';
import {
  CONTEXT_SEARCH_TOOL_NAME,
  contextSearchToolDefinition,
} from '@acm/core/long-term';
import { createSessionSearchHandler } from '@acm/core/adapter';
import type { RunnableConfig } from '@langchain/core/runnables';
import { tool } from '@langchain/core/tools';

/** Where `contextSearchTool` searches. */
export interface ContextSearchToolOptions {
  /** The memory searched, or a function picking it from the run config. */
  readonly memory:
    | ContextSearchMemory
    | ((config: RunnableConfig) => ContextSearchMemory | undefined);
}

/**
 * The `context_search` tool as a LangChain `tool()`: the model searches the
 * conversation's earlier messages, compressed ones included, and gets
 * snippets with the ids to pass to `context_reload` (core's
 * `createContextSearchHandler`; never throws).
 */
export function contextSearchTool({ memory }: ContextSearchToolOptions) {
  return tool(createSessionSearchHandler<RunnableConfig>(memory), {
    name: CONTEXT_SEARCH_TOOL_NAME,
    description: contextSearchToolDefinition.description,
    // A copy: core's definitions are frozen, and LangChain annotates schemas.
    schema: structuredClone(contextSearchToolDefinition.inputSchema),
  });
}
