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
 * Messages a `record` call made records from, marked "recorded" in the
 * backend with those records, so that recording them again (after a
 * restart, from a second instance, in a re-sent conversation) stores
 * nothing. A message is identified by its owner, its session and its id.
 */
export interface LongTermRecordedMessages {
  readonly owner: MemoryOwner;
  /** The session the message ids belong to; absent: ids of the owner across sessions. */
  readonly sessionId?: string;
  /** At most `LONG_TERM_LIMITS.maxMessageIdsPerRequest`, each at most `maxMessageIdChars` long, no repeats. */
  readonly messageIds: readonly string[];
}

/** How an `add` ends: stored, or refused because messages it marks were recorded first. */
export type LongTermAddResult =
  | { readonly status: 'added' }
  | {
      readonly status: 'already-recorded';
      /** The messages of `options.messages` already marked (by another instance or call). */
      readonly messageIds: readonly string[];
    };

/** What an `add` does besides storing its records. */
export interface LongTermAddOptions {
  /**
   * Marks these messages recorded together with the records, all or
   * nothing. The records must all be of `messages.owner` (there may be
   * none: a message with nothing to record is still marked).
   */
  readonly messages?: LongTermRecordedMessages;
}

/**
 * Where long-term memories live. Every backend passes
 * `runLongTermBackendConformance` (`@acm/core/testing`): it validates its
 * input with `assertValidLongTermRecords` / `assertValidLongTermSearch` /
 * `assertValidLongTermRecordedMessages` (typed `InvalidArgumentError`), adds
 * a batch all or nothing, never returns or deletes another owner's records,
 * returns records equal to what was added, and marks recorded messages with
 * their records (a unique key or a check in the same atomic write), so
 * recording is idempotent across processes.
 */
export interface LongTermMemoryBackend {
  /**
   * Stores the records, all or none. An id already stored, or twice in the
   * batch, is refused (`InvalidArgumentError`) and nothing is stored. With
   * `options.messages`, the messages are marked recorded in the same write;
   * when any of them is marked already, nothing is stored and it resolves
   * `{ status: 'already-recorded', messageIds }` (those marked).
   */
  add(
    records: readonly LongTermRecord[],
    options?: LongTermAddOptions,
  ): Promise<LongTermAddResult>;
  /**
   * Of `request.messageIds`, those marked recorded for exactly this owner and
   * session (in request order).
   */
  findRecordedMessages(
    request: LongTermRecordedMessages,
  ): Promise<readonly string[]>;
  /**
   * The owner's records that match, best first, at most `limit`. A query
   * without searchable words and without an embedding finds nothing.
   */
  search(request: LongTermSearchRequest): Promise<readonly LongTermSearchHit[]>;
  /**
   * Deletes every record of exactly this owner, and its recorded-message
   * marks; returns how many records.
   */
  deleteOwner(owner: MemoryOwner): Promise<number>;
}

/** What `embed` is given besides the texts. */
export interface EmbedOptions {
  /**
   * Aborted when the call runs past `embedTimeoutMs`
   * (`createLongTermMemory`): stop the request; its result is not used.
   */
  readonly signal: AbortSignal;
}

/**
 * A function that embeds texts, one vector per text, in order (the AI SDK's
 * `embedMany` with `abortSignal: options.signal`, a LangChain `Embeddings`).
 */
export type EmbedFunction = (
  texts: readonly string[],
  options: EmbedOptions,
) => MaybePromise<readonly (readonly number[])[]>;
