import { InvalidArgumentError } from '@acm/core';
import type { ContextSearchMemory } from '@acm/core/long-term';
import {
  CONTEXT_SEARCH_TOOL_NAME,
  contextSearchToolDefinition,
} from '@acm/core/long-term';
import { createSessionSearchHandler } from '@acm/core/adapter';
import type { RunnableConfig } from '@langchain/core/runnables';
import { tool } from '@langchain/core/tools';

/**
 * Sessions that answer a `context_search` call for a session id, loading an
 * evicted one from their store and keeping each one's index up to date
 * (core's `SessionManager`, as `autoContextMiddleware` holds it).
 */
export interface ContextSearchSessions {
  /** The tool's answer for `input` (`{ query, limit? }`) on the session `sessionId`; never rejects. */
  search(sessionId: unknown, input: unknown): Promise<string>;
  /** Keeps a search index per session from now on (call once, before the first search). */
  indexForSearch(): void;
}

/** Where `contextSearchTool` searches. */
export interface ContextSearchToolOptions {
  /** The memory searched, or a function picking it from the run config. Give this or `sessions`. */
  readonly memory?:
    | ContextSearchMemory
    | ((config: RunnableConfig) => ContextSearchMemory | undefined);
  /**
   * Sessions searched by the run's `configurable.thread_id` (held, or loaded
   * from their store when evicted or after a restart): how
   * `autoContextMiddleware` registers the tool. Give this or `memory`.
   */
  readonly sessions?: ContextSearchSessions;
}

/**
 * The `context_search` tool as a LangChain `tool()`: the model searches the
 * conversation's earlier messages, compressed ones included, and gets
 * snippets with the ids to pass to `context_reload` (core's
 * `createContextSearchHandler`; never throws).
 */
export function contextSearchTool({
  memory,
  sessions,
}: ContextSearchToolOptions) {
  if ((sessions === undefined) === (memory === undefined)) {
    throw new InvalidArgumentError({
      parameter: sessions === undefined ? 'memory' : 'sessions',
      value: sessions ?? memory,
      message: 'pass one of sessions and memory',
    });
  }
  let execute: (input: unknown, config: RunnableConfig) => Promise<string>;
  if (sessions !== undefined) {
    sessions.indexForSearch();
    execute = (input, config) =>
      sessions.search(config.configurable?.thread_id, input);
  } else {
    execute = createSessionSearchHandler<RunnableConfig>(memory!);
  }
  return tool((input, config: RunnableConfig) => execute(input, config), {
    name: CONTEXT_SEARCH_TOOL_NAME,
    description: contextSearchToolDefinition.description,
    // A copy: core's definitions are frozen, and LangChain annotates schemas.
    schema: structuredClone(contextSearchToolDefinition.inputSchema),
  });
}
