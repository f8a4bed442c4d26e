export {
  CONTEXT_SEARCH_TOOL_NAME,
  MAX_CONTEXT_SEARCH_LIMIT,
  contextSearchToolDefinition,
} from './context-search-tool-definition';
export type { ContextSearchInput } from './context-search-tool-definition';
export { createContextSearchHandler } from './create-context-search-handler';
export type {
  ContextSearchHandler,
  ContextSearchHit,
  ContextSearchMemory,
  CreateContextSearchHandlerOptions,
} from './create-context-search-handler';
