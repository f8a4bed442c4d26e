export { createPostgresSessionStore } from './postgres-session-store';
export type { PostgresSessionStoreOptions } from './postgres-session-store';
export { migratePostgresSessionStore } from './migrate-postgres-session-store';
export type { MigratePostgresSessionStoreOptions } from './migrate-postgres-session-store';
export type {
  PostgresQueryResult,
  PostgresSessionStorePool,
} from './postgres-session-store-pool';
export type { MaybePromise, SaveOptions, SessionStore } from '@acm/core';
export { createPostgresLongTermBackend } from './postgres-long-term-backend';
export type { PostgresLongTermBackendOptions } from './postgres-long-term-backend';
export { migratePostgresLongTermBackend } from './migrate-postgres-long-term-backend';
export type { MigratePostgresLongTermBackendOptions } from './migrate-postgres-long-term-backend';
