import type { MaybePromise, SessionStore } from '../memory/store/session-store';
import { describeConformance } from './describe-conformance';
import { sessionStoreConcurrencyCases } from './session-store-concurrency-cases';
import { sessionStoreCorruptionCases } from './session-store-corruption-cases';
import type { SessionStoreLogAccess } from './session-store-corruption-cases';
import { sessionStoreLifecycleCases } from './session-store-lifecycle-cases';
import { sessionStorePayloadCases } from './session-store-payload-cases';
import { sessionStoreRevisionCases } from './session-store-revision-cases';

export interface DescribeSessionStoreOptions {
  /** Shown in the test names, e.g. `'file'` or `'redis'`. */
  name: string;
  /** Returns a fresh, empty store. Called before every test. */
  create: () => MaybePromise<SessionStore>;
  /**
   * Releases what `create` made (connections, directories, tables). Called after
   * every test with the store it created.
   * @default nothing
   */
  cleanup?: (store: SessionStore) => MaybePromise<void>;
  /**
   * Replaces the stored record of `sessionId` behind the store's back (the
   * store created by `create`): `'corrupt'` with bytes that are not a record
   * (truncated JSON), `'newer-schema'` with a record of a schema version newer
   * than any this library writes (`schemaVersion: 999`). With it, the suite
   * checks that such a record is refused on load and never overwritten by a
   * save at the revision the writer last saw (issue #14). Every store should
   * provide it.
   * @default undefined (those cases are skipped)
   */
  corruptRecord?: (
    store: SessionStore,
    sessionId: string,
    kind: 'corrupt' | 'newer-schema',
  ) => MaybePromise<void>;
  /**
   * Reaches the store's storage behind its back: with it, the suite checks
   * that every save path (append, compaction, another instance, another
   * lineage) refuses a log damaged in any of the ways
   * `SESSION_LOG_CORRUPTIONS` lists, writing nothing (issue #24). Every
   * session-log store should provide it.
   * @default undefined (those cases are skipped)
   */
  logAccess?: SessionStoreLogAccess;
}

/**
 * The conformance suite every {@link SessionStore} passes (call it from the
 * store's test file, then add the store's own regressions). It checks load,
 * save, missing sessions, compare-and-set conflicts, revision validation,
 * delete, list, large payloads, unicode, odd session ids, isolation from the
 * caller's objects, concurrent writers and, with `logAccess`, saves onto a
 * damaged log. Nothing in it depends on timing.
 */
export function describeSessionStore({
  name,
  create,
  cleanup,
  corruptRecord,
  logAccess,
}: DescribeSessionStoreOptions): void {
  describeConformance(
    `describeSessionStore(${name})`,
    { create, cleanup },
    (subject) => {
      sessionStoreRevisionCases(subject, corruptRecord);
      sessionStoreLifecycleCases(subject);
      sessionStorePayloadCases(subject);
      sessionStoreConcurrencyCases(subject);
      sessionStoreCorruptionCases(subject, logAccess);
    },
  );
}
