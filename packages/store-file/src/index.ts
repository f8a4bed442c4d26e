export { createFileSessionStore } from './file-session-store';
export type { FileSessionStoreOptions } from './file-session-store';
export type { MaybePromise, SaveOptions, SessionStore } from '@acm/core';
