import { deepFreezeToolDefinition } from '../long-term/tool-definition';
import type { ToolDefinition } from '../long-term/tool-definition';

/** The tool that searches the session's own history, including what was compressed. */
export const CONTEXT_SEARCH_TOOL_NAME = 'context_search';

/** Most hits one call returns. */
export const MAX_CONTEXT_SEARCH_LIMIT = 10;

/** The arguments a model passes to `context_search`. */
export interface ContextSearchInput {
  /** Words, names or ids to look for. */
  readonly query: string;
  /** Most hits, 1 to 10. @default 5 */
  readonly limit?: number;
}

/**
 * The `context_search` tool for adapters to register next to
 * `context_reload`: the model searches this session's earlier messages,
 * including those compressed out of its context, and gets short snippets
 * with the ids to reload them in full (see `createContextSearchHandler`).
 * Same shape as `contextReloadToolDefinition`. Deeply frozen.
 */
export const contextSearchToolDefinition: ToolDefinition<
  typeof CONTEXT_SEARCH_TOOL_NAME
> = deepFreezeToolDefinition({
  name: CONTEXT_SEARCH_TOOL_NAME,
  description:
    'Search the earlier messages of this conversation, including those compressed or summarized to save context space, ' +
    'by words, names or ids (e.g. "reservation Boston", "order #W123"). ' +
    'Returns short snippets, best match first; for a compressed message it gives the id to pass to context_reload for the full content.',
  inputSchema: {
    type: 'object',
    properties: {
      query: {
        type: 'string',
        description:
          'What to look for: keywords, names, ids or numbers from the earlier conversation.',
      },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_CONTEXT_SEARCH_LIMIT,
        description: 'Most snippets to return (1–10). Omit for 5.',
      },
    },
    required: ['query'],
    additionalProperties: false,
  },
} as const);
