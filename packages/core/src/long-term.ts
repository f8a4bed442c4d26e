// The `@acm/core/long-term` entry: long-term memory and the session history
// search tool.
export * from './tools/long-term';
export {
  CONTEXT_SEARCH_TOOL_NAME,
  contextSearchToolDefinition,
  createContextSearchHandler,
  MAX_CONTEXT_SEARCH_LIMIT,
} from './tools/search';
export type {
  ContextSearchHandler,
  ContextSearchHit,
  ContextSearchInput,
  ContextSearchMemory,
  CreateContextSearchHandlerOptions,
} from './tools/search';
