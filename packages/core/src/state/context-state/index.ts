export type { ContextState } from './context-state';
export { appendMessages } from './append-messages';
export { clearContextState } from './clear-context-state';
export { createContextState } from './create-context-state';
export type { CreateContextStateOptions } from './create-context-state';
export { deleteWorkingMessage } from './delete-working-message';
export { parseState } from './parse-state';
export { serializeState } from './serialize-state';
export {
  CONTEXT_STATE_FORMAT,
  CONTEXT_STATE_READABLE_SCHEMA_VERSIONS,
  CONTEXT_STATE_SCHEMA_VERSION,
} from './state-format';
export type {
  OriginalReference,
  SerializedContextState,
  SerializedMessageItem,
} from './state-format';
export { repairToolPairing } from './repair-tool-pairing';
export type {
  ToolPairingMode,
  ToolPairingProblemKind,
  ToolPairingRepair,
} from './assert-tool-pairing';
