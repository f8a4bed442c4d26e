// The offload concept in one place: the id and its tag in text, the entries a
// state keeps behind ids, and the context_reload tool that brings them back.
// ADR: docs/decisions/2026-11-26-core-shape.md
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
export { findOffloadIds } from './find-offload-ids';
export { OFFLOAD_TAG_PATTERN, formatOffloadTag } from './format-offload-tag';
export type { OffloadLookup } from './offload-lookup';
export { reloadOffload } from './reload-offload';
export { renderOffloadedMessages } from './render-offloaded-messages';
export { getSessionTag, readSessionTag } from './session-tag';
export { stripOffloadTags } from './strip-offload-tags';
export { withoutOffloadMarkers } from './without-offload-markers';
