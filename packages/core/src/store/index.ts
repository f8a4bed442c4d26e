export type { MaybePromise, SaveOptions, SessionStore } from './session-store';
