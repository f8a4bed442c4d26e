// The `@acm/core/adapter` entry: the kit for authors of framework adapters
// and session stores, covered by semver like the root. Every runtime value is
// reviewed in `adapter-api.test.ts`. Guides: docs/guides/write-an-adapter.md,
// docs/guides/write-a-store.md; the conformance suites a store passes are in
// `@acm/core/testing`. ADR: docs/decisions/2026-11-28-adapter-kit.md

// The session kit: one memory per thread, a framework's message list synced
// onto it, the tools wired to the session, calibration and telemetry.
export {
  CALIBRATION_METADATA_KEY,
  NO_LONG_TERM_MEMORY_REPLY,
  NO_SEARCH_MEMORY_REPLY,
  NO_SESSION_MEMORY_REPLY,
  SHARED_SESSION_ID,
  calibrateAndRecord,
  calibrateFromUsage,
  createChatSummarizer,
  createLongTermMessageTurns,
  createLongTermTools,
  createPersistedMemory,
  createSessionManager,
  createSessionRegistry,
  createSessionReloadHandler,
  createSessionSearchHandler,
  createSessionToolHandler,
  findLastIndex,
  forkSessionId,
  hashValue,
  loadStoredSession,
  readProviderInputTokens,
  readProviderUsage,
  readToolDefinitions,
  rebaseMessages,
  replaceHistory,
  resolveLongTermMode,
  restoreCalibration,
  sampleMessages,
  syncMessages,
  withReloadInstruction,
  withoutUndefined,
} from './session';
// A list that does not continue its stored session (`syncMessages`,
// `onMismatch: 'error'`): apps catch it through the adapters, which re-export it.
export { HistoryMismatchError } from './vocabulary/error';
export {
  COMPACTION_ATTRIBUTES,
  createCompactionTracker,
  getCompactionAttributes,
  getManagedCallAttributes,
} from './session/telemetry';
export {
  MIN_CONTEXT_RELOAD_CHARS,
  renderOffloadedMessages,
} from './tools/reload';
export {
  STRATEGY_NAMES,
  isSyntheticMessage,
  withAcmMarker,
} from './vocabulary/message';
export { isUserTurn } from './state/conversation';
export { withoutOffloadMarkers } from './state/offload';
export { importTiktokenEncoder, loadTiktokenEncoder } from './runtime';

// The store kit: what every `SessionStore` runs around its own I/O: save and
// session id validation, the session log (format, replay, planned writes
// with compare-and-set, a cursor cache), error mapping and the state checks.
export {
  MAX_SESSION_ID_LENGTH,
  SESSION_LOG_FORMAT,
  SESSION_LOG_SCHEMA_VERSION,
  SESSION_LOG_SEAL_HEAD_BYTES,
  SESSION_LOG_SEAL_TAIL_BYTES,
  assertValidSave,
  assertValidSessionId,
  createMigrationCursor,
  createSessionLogCache,
  extendSessionLogSeal,
  planSessionLogWrite,
  replaySessionLog,
  sealSessionLogText,
  toStoreError,
  writeSessionLog,
} from './memory/store';
export { checkStateContract } from './state/contract';

// The kit's types: those the root exports too (listed once, in `./kit-types`)
// and the three only the kit exports.
export type * from './kit-types';
export type { ReplaceHistoryOptions } from './session';
export type { SessionLogSealCodec, SessionLogTextSeal } from './memory/store';
