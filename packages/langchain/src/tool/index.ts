export { contextReloadSchema, contextReloadTool } from './context-reload-tool';
export type {
  ContextReloadMemorySource,
  ContextReloadToolOptions,
} from './context-reload-tool';
export { contextSearchTool } from './context-search-tool';
export type { ContextSearchToolOptions } from './context-search-tool';
