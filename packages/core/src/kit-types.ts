// The types of the adapter kit (`@acm/core/adapter`) that the root exports
// too, listed once: `./types` (the root) and `./adapter` re-export this
// module with `export type *`. It holds no value, so the bundled
// declarations declare no phantom value. ADR:
// docs/decisions/2026-11-28-adapter-kit.md
export type { CheckStateContractOptions } from './state/contract';
export type {
  HistoryMessageRef,
  HistoryMismatchDetails,
  HistoryMismatchReason,
} from './vocabulary/error';
export type {
  AutoContextSessionOptions,
  CalibrationRecord,
  ChatSummaryReply,
  CreateSessionMemory,
  DroppedHistory,
  FixedContent,
  HistoryMismatchEvent,
  HistoryMismatchPolicy,
  HistoryMode,
  HistoryOptions,
  LongTermMemorySourceOf,
  LongTermMessageTurns,
  LongTermMessageTurnsOptions,
  LongTermTool,
  LongTermTurnMessage,
  ManagedCall,
  ManageSessionRequest,
  MessageSample,
  PersistedMemory,
  RecordedCall,
  Session,
  SessionLimits,
  SessionManager,
  SessionManagerOptions,
  SessionRegistry,
  SessionRegistryOptions,
  SyncAnchor,
  SyncKind,
  SyncMessagesOptions,
  SyncMessagesResult,
} from './session';
export type {
  AssertValidSaveOptions,
  MaybePromise,
  PlanSessionLogWriteOptions,
  ReplaySessionLogOptions,
  SaveOptions,
  SessionLogCache,
  SessionLogCursor,
  SessionLogDeltaRecord,
  SessionLogEntry,
  SessionLogFullRecord,
  SessionLogRecord,
  SessionLogWrite,
  SessionLogWriteOutcome,
  SessionStore,
  ToStoreErrorOptions,
  WriteSessionLogOptions,
} from './memory/store';
export type {
  CompactionAttributeValue,
  CompactionSummary,
} from './session/telemetry';
