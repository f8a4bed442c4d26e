import type { LongTermMemoryBackend } from '../tools/long-term/long-term-memory-backend';
import type { MaybePromise } from '../memory/store/session-store';
import { describeConformance } from './describe-conformance';
import { longTermBackendRecordedMessagesCases } from './long-term-backend-recorded-messages-cases';
import { longTermBackendRefusalCases } from './long-term-backend-refusal-cases';
import { longTermBackendSearchCases } from './long-term-backend-search-cases';
import { longTermBackendStorageCases } from './long-term-backend-storage-cases';

export interface RunLongTermBackendConformanceOptions {
  /** Shown in the test names, e.g. `'embedded'` or `'postgres'`. */
  readonly name: string;
  /** Returns a fresh, empty backend. Called before every test. */
  readonly create: () => MaybePromise<LongTermMemoryBackend>;
  /** Releases what `create` made. Called after every test. @default nothing */
  readonly cleanup?: (backend: LongTermMemoryBackend) => MaybePromise<void>;
  /**
   * Opens the same storage again as a new instance (a process restart:
   * files re-read, a new connection). With it, the suite checks that records
   * survive. @default undefined (skipped)
   */
  readonly reopen?: (
    backend: LongTermMemoryBackend,
  ) => MaybePromise<LongTermMemoryBackend>;
  /**
   * Whether the backend ranks by the request's embedding (vector or hybrid
   * search). Without it the suite only checks that embeddings are stored,
   * returned and accepted in requests. @default false
   */
  readonly rankByEmbedding?: boolean;
}

/**
 * The conformance suite every {@link LongTermMemoryBackend} passes (call it
 * from the backend's test file, then add its own regressions): add and
 * search, exact owner isolation, deleteOwner, limits, typed errors for bad
 * input with nothing stored, batches all or nothing, records returned equal
 * to what was added and independent of the caller's objects, embeddings
 * optional, recorded messages marked with their records so recording is
 * idempotent across processes (an add marking a message marked already
 * stores nothing), and (with `reopen`) records and marks that survive a
 * restart.
 */
export function runLongTermBackendConformance({
  name,
  create,
  cleanup,
  reopen,
  rankByEmbedding = false,
}: RunLongTermBackendConformanceOptions): void {
  describeConformance(
    `runLongTermBackendConformance(${name})`,
    { create, cleanup },
    (subject) => {
      longTermBackendSearchCases(subject);
      longTermBackendRefusalCases(subject);
      longTermBackendStorageCases(subject, { rankByEmbedding, reopen });
      longTermBackendRecordedMessagesCases(subject, { reopen });
    },
  );
}
