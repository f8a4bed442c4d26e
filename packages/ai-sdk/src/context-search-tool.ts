import type {
  ContextSearchInput,
  ContextSearchMemory,
} from '@acm/core/long-term';
import { contextSearchToolDefinition } from '@acm/core/long-term';
import { InvalidArgumentError } from '@acm/core';
import { createSessionSearchHandler } from '@acm/core/adapter';
import type { JSONSchema7, Tool } from 'ai';
import { jsonSchema, tool } from 'ai';
import type { AiSdkSessions } from './auto-context-middleware';

export interface ContextSearchToolOptions {
  /**
   * The sessions of an `autoContextMiddleware` or `autoContextPrepareStep`
   * (pass the middleware itself), with the `sessionId` to search: each call
   * reads the session held, or loads it from the middleware's `store` when
   * it was evicted or the process restarted. The middleware then keeps each
   * session's index up to date as messages arrive. Give this or `memory`.
   */
  readonly sessions?: Pick<AiSdkSessions, 'search' | 'indexForSearch'>;
  /**
   * With `sessions`: the session the tool searches.
   * @default the middleware's own fixed `sessionId` (or its shared session)
   */
  readonly sessionId?: string;
  /**
   * The memory whose history the tool searches, or a function returning it
   * at call time. A function such as `() => acm.getMemory('chat-42')` only
   * sees sessions held in memory: prefer `sessions`. Give this or
   * `sessions`.
   */
  readonly memory?:
    ContextSearchMemory | (() => ContextSearchMemory | undefined);
}

/**
 * The `context_search` tool for `generateText` / `streamText` / agents: the
 * model searches this session's earlier messages, compressed ones included,
 * and gets short snippets with the ids to pass to `context_reload` (core's
 * `createContextSearchHandler`: an index derived from the memory, kept up to
 * date as messages arrive; never throws). Register it next to
 * `contextReloadTool` under `CONTEXT_SEARCH_TOOL_NAME`.
 *
 * @example
 * tools: {
 *   [CONTEXT_RELOAD_TOOL_NAME]: contextReloadTool({ sessions: acm, sessionId: 'chat-42' }),
 *   [CONTEXT_SEARCH_TOOL_NAME]: contextSearchTool({ sessions: acm, sessionId: 'chat-42' }),
 * }
 * @throws InvalidArgumentError unless exactly one of `sessions` and `memory` is given.
 */
export function contextSearchTool({
  sessions,
  sessionId,
  memory,
}: ContextSearchToolOptions): Tool<ContextSearchInput, string> {
  if ((sessions === undefined) === (memory === undefined)) {
    throw new InvalidArgumentError({
      parameter: sessions === undefined ? 'memory' : 'sessions',
      value: sessions ?? memory,
      message: 'pass one of sessions and memory',
    });
  }
  let execute: (input: ContextSearchInput) => Promise<string>;
  if (sessions !== undefined) {
    sessions.indexForSearch();
    execute = (input) => sessions.search(sessionId, input);
  } else {
    // One handler per memory (each keeps its own index).
    const handler = createSessionSearchHandler(memory!);
    execute = (input) => handler(input, undefined);
  }
  return tool({
    description: contextSearchToolDefinition.description,
    inputSchema: jsonSchema<ContextSearchInput>(
      structuredClone(
        contextSearchToolDefinition.inputSchema,
      ) as unknown as JSONSchema7,
    ),
    execute: (input: ContextSearchInput) => execute(input),
  });
}
