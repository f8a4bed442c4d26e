export { createRedisSessionStore } from './redis-session-store';
export type {
  RedisSessionStoreClient,
  RedisSessionStoreOptions,
} from './redis-session-store';
export type { MaybePromise, SaveOptions, SessionStore } from '@acm/core';
