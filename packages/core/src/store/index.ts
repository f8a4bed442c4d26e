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
