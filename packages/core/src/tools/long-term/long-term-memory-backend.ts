import type { MaybePromise } from '../../memory/store/session-store';
import type { MemoryOwner } from './memory-owner';

/** Who wrote a record: the agent through `record_to_memory`, the framework after a reply, or the compression bridge. */
export type LongTermRecordSource = 'agent' | 'framework' | 'compression';

/** One long-term memory: a short text owned by a user and/or agent. Immutable. */
export interface LongTermRecord {
  /** Unique in the backend (across owners). */
  readonly id: string;
  readonly owner: MemoryOwner;
  /** What is remembered; searched by full text. */
  readonly text: string;
  /** Epoch milliseconds, from the injected clock. */
  readonly createdAt: number;
  /** The session it was recorded in, when known. Not a search scope. */
  readonly sessionId?: string;
  readonly source: LongTermRecordSource;
  /** The text's embedding, when an `embed` function was given. */
  readonly embedding?: readonly number[];
  /** Free string pairs (message id, role, offload id…), returned as given. */
  readonly metadata?: Readonly<Record<string, string>>;
}

/** A search: the owner's records matching `query` (full text) and, when the backend can, near `embedding`. */
export interface LongTermSearchRequest {
  readonly owner: MemoryOwner;
  readonly query: string;
  /** Most hits to return, 1 to `LONG_TERM_LIMITS.maxSearchLimit`. */
  readonly limit: number;
  /** The query's embedding; a backend without vector search ignores it. */
  readonly embedding?: readonly number[];
}

/** A record found by a search; a higher score is a better match (scores only compare within one result). */
export interface LongTermSearchHit {
  readonly record: LongTermRecord;
  readonly score: number;
}

/**
 * Where long-term memories live. Every backend passes
 * `runLongTermBackendConformance` (`@acm/core/testing`): it validates its
 * input with `assertValidLongTermRecords` / `assertValidLongTermSearch`
 * (typed `InvalidArgumentError`), adds a batch all or nothing, never
 * returns or deletes another owner's records, and returns records equal to
 * what was added.
 */
export interface LongTermMemoryBackend {
  /**
   * Stores the records, all or none. An id already stored, or twice in the
   * batch, is refused (`InvalidArgumentError`) and nothing is stored.
   */
  add(records: readonly LongTermRecord[]): Promise<void>;
  /**
   * The owner's records that match, best first, at most `limit`. A query
   * without searchable words and without an embedding finds nothing.
   */
  search(request: LongTermSearchRequest): Promise<readonly LongTermSearchHit[]>;
  /** Deletes every record of exactly this owner; returns how many. */
  deleteOwner(owner: MemoryOwner): Promise<number>;
}

/** A function that embeds texts, one vector per text, in order (the AI SDK's `embedMany`, a LangChain `Embeddings`). */
export type EmbedFunction = (
  texts: readonly string[],
) => MaybePromise<readonly (readonly number[])[]>;
