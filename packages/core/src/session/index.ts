export { calibrateFromUsage } from './calibrate-from-usage';
export { readProviderInputTokens } from './read-provider-input-tokens';
export { createSessionRegistry } from './session-registry';
export type {
  CreateSessionMemory,
  Session,
  SessionLimits,
  SessionRegistry,
  SessionRegistryOptions,
} from './session-registry';
export { syncMessages } from './sync-messages';
export type {
  SyncAnchor,
  SyncKind,
  SyncMessagesOptions,
  SyncMessagesResult,
} from './sync-messages';
export { withReloadInstruction } from './with-reload-instruction';
export { withoutOffloadMarkers } from './without-offload-markers';
export { rebaseMessages } from './rebase-messages';
