export { calibrateFromUsage } from './calibrate-from-usage';
export {
  CALIBRATION_METADATA_KEY,
  calibrateAndRecord,
  restoreCalibration,
} from './calibration-record';
export type { CalibrationRecord } from './calibration-record';
export {
  SHARED_SESSION_ID,
  createSessionManager,
} from './create-session-manager';
export type {
  FixedContent,
  ManageSessionRequest,
  ManagedCall,
  RecordedCall,
  SessionManager,
} from './session-manager';
export type {
  AutoContextSessionOptions,
  SessionManagerOptions,
} from './session-manager-options';
export {
  NO_SESSION_MEMORY_REPLY,
  createSessionReloadHandler,
} from './create-session-reload-handler';
export { hashText, hashValue } from '../vocabulary/util/hash-value';
export { isSameValue } from '../vocabulary/util/is-same-value';
export {
  base64ToBytes,
  bytesToBase64,
  fromJsonSafe,
  isPlainRecord,
  toJsonSafe,
  withoutUndefined,
} from '../vocabulary/util/json-safe';
export { readProviderInputTokens } from './read-provider-input-tokens';
export { readProviderUsage } from './read-provider-usage';
export {
  createPartEntryFinder,
  recordPartEntries,
} from '../formats/record-part-entries';
export type { PartEntry } from '../formats/record-part-entries';
export { createSessionRegistry } from './session-registry';
export type {
  CreateSessionMemory,
  Session,
  SessionLimits,
  SessionRegistry,
  SessionRegistryOptions,
} from './session-registry';
export { sampleMessages, syncMessages } from './sync-messages';
export { forkSessionId } from './fork-session-id';
export { replaceHistory } from './replace-history';
export type { ReplaceHistoryOptions } from './replace-history';
export { loadStoredSession } from './load-stored-session';
export type {
  DroppedHistory,
  HistoryMismatchEvent,
  HistoryMismatchPolicy,
  HistoryMode,
  HistoryOptions,
} from './history-options';
export type {
  MessageSample,
  SyncAnchor,
  SyncKind,
  SyncMessagesOptions,
  SyncMessagesResult,
} from './sync-messages';
export { withReloadInstruction } from './with-reload-instruction';
export { rebaseMessages } from './rebase-messages';
export {
  NO_SEARCH_MEMORY_REPLY,
  createSessionSearchHandler,
  createSessionToolHandler,
} from './create-session-tool-handler';
export { createLongTermTurns, findLastIndex } from './create-long-term-turns';
export { createChatSummarizer } from './create-chat-summarizer';
export type { ChatSummaryReply } from './create-chat-summarizer';
export { createPersistedMemory } from './create-persisted-memory';
export {
  NO_LONG_TERM_MEMORY_REPLY,
  createLongTermMessageTurns,
  createLongTermTools,
  resolveLongTermMode,
} from './create-long-term-message-turns';
export type {
  LongTermTurnMessage,
  LongTermMemorySourceOf,
  LongTermMessageTurns,
  LongTermMessageTurnsOptions,
  LongTermTool,
} from './create-long-term-message-turns';
export type { PersistedMemory } from './create-persisted-memory';
export type {
  LongTermTurnError,
  LongTermTurns,
} from './create-long-term-turns';
export { readToolDefinitions } from './read-tool-definitions';
