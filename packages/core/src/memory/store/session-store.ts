import type { ContextState } from '../../state/context-state/context-state';

/** A value or a promise of it: sync and async stores both fit. */
export type MaybePromise<T> = T | Promise<T>;

export interface SaveOptions {
  /**
   * The revision the writer started from: the stored revision must equal it, or
   * `null` when the session must not exist yet. Otherwise the save fails with
   * `StoreConflictError` and nothing is written.
   */
  readonly expectedRevision: number | null;
}

/**
 * Persists session state by id with compare-and-set on `state.revision`
 * (DESIGN §3.5). `@acm/core/testing` has the conformance suite every store passes.
 */
export interface SessionStore {
  /** The stored state, or `undefined` when the session does not exist. */
  load(sessionId: string): MaybePromise<ContextState | undefined>;
  /** Writes `state` if the stored revision is `expectedRevision`; `state.revision` must be greater. */
  save(
    sessionId: string,
    state: ContextState,
    options: SaveOptions,
  ): MaybePromise<void>;
  /** Removes the session; `true` if it existed. */
  delete(sessionId: string): MaybePromise<boolean>;
  /** Ids of the stored sessions, sorted. */
  list(): MaybePromise<string[]>;
}
