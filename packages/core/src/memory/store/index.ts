export { assertValidSave } from './assert-valid-save';
export type { AssertValidSaveOptions } from './assert-valid-save';
export {
  assertValidSessionId,
  MAX_SESSION_ID_LENGTH,
} from './assert-valid-session-id';
export { createInMemorySessionStore } from './in-memory-session-store';
export type { InMemorySessionStore } from './in-memory-session-store';
export type { MaybePromise, SaveOptions, SessionStore } from './session-store';
export { toStoreError } from './to-store-error';
export type { ToStoreErrorOptions } from './to-store-error';
export { createSessionLogCache } from './create-session-log-cache';
export type { SessionLogCache } from './create-session-log-cache';
export { planSessionLogWrite } from './plan-session-log-write';
export type {
  PlanSessionLogWriteOptions,
  SessionLogWrite,
} from './plan-session-log-write';
export { writeSessionLog } from './write-session-log';
export type {
  SessionLogWriteOutcome,
  WriteSessionLogOptions,
} from './write-session-log';
export { createMigrationCursor, replaySessionLog } from './replay-session-log';
export {
  extendSessionLogSeal,
  sealSessionLogText,
  SESSION_LOG_SEAL_HEAD_BYTES,
  SESSION_LOG_SEAL_TAIL_BYTES,
} from './seal-session-log-text';
export type {
  SessionLogSealCodec,
  SessionLogTextSeal,
} from './seal-session-log-text';
export type { ReplaySessionLogOptions } from './replay-session-log';
export {
  SESSION_LOG_COMPACTION_MIN_DEAD_CHARS,
  SESSION_LOG_FORMAT,
  SESSION_LOG_SCHEMA_VERSION,
} from './session-log';
export type {
  SessionLogCursor,
  SessionLogDeltaRecord,
  SessionLogEntry,
  SessionLogFullRecord,
  SessionLogRecord,
} from './session-log';
