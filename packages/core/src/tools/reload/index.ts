// The context_reload tool: its definition, the instruction for the model,
// the handler and how reloaded messages are rendered.
export { CONTEXT_RELOAD_INSTRUCTION } from './context-reload-instruction';
export {
  CONTEXT_RELOAD_ID_PARAMETER,
  CONTEXT_RELOAD_TOOL_NAME,
  contextReloadToolDefinition,
} from './context-reload-tool-definition';
export type {
  ContextReloadInput,
  ContextReloadToolDefinition,
} from './context-reload-tool-definition';
export {
  MIN_CONTEXT_RELOAD_CHARS,
  createContextReloadHandler,
} from './create-context-reload-handler';
export type {
  ContextReloadFunction,
  ContextReloadHandler,
  ContextReloadMemory,
  CreateContextReloadHandlerOptions,
} from './create-context-reload-handler';
export { renderOffloadedMessages } from './render-offloaded-messages';
