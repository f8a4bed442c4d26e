export { contextReloadSchema, contextReloadTool } from './context-reload-tool';
export type {
  ContextReloadMemorySource,
  ContextReloadToolOptions,
} from './context-reload-tool';
