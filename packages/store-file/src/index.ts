export { createFileSessionStore } from './file-session-store';
export type { FileSessionStoreOptions } from './file-session-store';
export type { MaybePromise, SaveOptions, SessionStore } from '@acm/core';
export { createFileLongTermBackend } from './file-long-term-backend';
export type { FileLongTermBackendOptions } from './file-long-term-backend';
