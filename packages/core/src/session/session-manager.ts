import type { CompressionResult } from '../memory/compression/run-compression';
import type { AutoContextMemory } from '../memory/facade/auto-context-memory';
import type { SyncMessagesResult } from './sync-messages';

/** What a call sends besides its messages, counted toward the budget. */
export interface FixedContent {
  readonly system?: string;
  /** Counted again only when they differ (`isSameValue`) from the last ones measured: pass a new list when they change. */
  readonly tools?: readonly unknown[];
}

export interface ManageSessionRequest<TMessage> extends FixedContent {
  /** The session the call names (`undefined` or `''`: none). */
  readonly sessionId: unknown;
  /**
   * The framework's messages of this call (leading system messages, see
   * `systemTextOf`, included). When they start with no system message and
   * `system` and `tools` are both absent, the fixed tokens last measured for
   * the memory are used.
   */
  readonly messages: readonly TMessage[];
  readonly signal?: AbortSignal;
  /** The framework's message format version (views are cached per variant). @default '' */
  readonly variant?: string;
  /**
   * `'always'`: the view is returned on every call (the framework sends it to
   * the model). `'if-compressed'`: only when this call compressed (the
   * framework keeps the view in its own state). `'if-changed'`: also when the
   * list did not carry the whole history (`'append'` mode: the stored
   * history the framework's state lacks).
   * @default 'always'
   */
  readonly view?: 'always' | 'if-compressed' | 'if-changed';
  /**
   * The framework may send the last view back with new messages appended
   * (a `prepareStep` whose result is carried forward).
   * @default false
   */
  readonly acceptsView?: boolean;
}

/** What one call did and what to send. */
export interface ManagedCall<TMessage> {
  /**
   * The session the call ran in: the one it named, or, after an
   * `onMismatch: 'fork'`, the fork (see `HistoryMismatchPolicy`).
   */
  readonly sessionId: string;
  readonly memory: AutoContextMemory;
  readonly sync: SyncMessagesResult;
  readonly compression: CompressionResult;
  /** Message tokens and count after the sync, before compression (telemetry). */
  readonly before: { readonly tokens: number; readonly messages: number };
  /**
   * What to send (see `view`): the call's leading system messages, then the
   * memory's working messages in the framework's format; a new array each
   * call.
   */
  readonly messages: TMessage[] | undefined;
  /** Feeds the provider's reported usage for this call back (`calibrateFromUsage`). */
  readonly calibrate: (usage: unknown) => void;
}

/** The sessions of one adapter instance. */
export interface SessionManager<TMessage> {
  /**
   * Takes a call's messages into its session (core's `syncMessages`: only
   * the new ones are converted), compresses when a trigger is reached and
   * returns the view: the same prefix always gives the same view. A list
   * that does not continue the session follows `onMismatch`.
   * @throws (rejects) InvalidArgumentError when the call names no session and
   * neither `sharedSession` nor `memory` is set; HistoryMismatchError for a
   * list that does not continue the session (`onMismatch: 'error'`);
   * InvalidMessageError for a message core cannot hold. Nothing changed then.
   */
  manage(
    request: ManageSessionRequest<TMessage>,
  ): Promise<ManagedCall<TMessage>>;
  /**
   * Takes a call's messages into its session like `manage`, without
   * compressing or making a view (e.g. the answer that ends an agent run,
   * recorded for the next one).
   * @throws (rejects) as `manage`.
   */
  record(
    request: Pick<
      ManageSessionRequest<TMessage>,
      'sessionId' | 'messages' | 'signal'
    >,
  ): Promise<RecordedCall>;
  /**
   * Measures what a model request sends besides the messages (kept for the
   * memory's next trigger check) and returns how to calibrate with its usage.
   */
  measure(
    memory: AutoContextMemory,
    fixed: FixedContent,
  ): {
    /** Feeds the provider's reported usage for that request back (`calibrateFromUsage`). */
    readonly calibrate: (usage: unknown) => void;
  };
  /**
   * Answers a model's `context_reload` call on a session (core's
   * `createContextReloadHandler`) through the registry: a session evicted,
   * or stored by an earlier process, is loaded from the store, so eviction
   * and restart change no answer. Runs in call order with the session's
   * calls; never rejects (a store failure is a one-line answer). A call
   * naming no session gets `NO_SESSION_MEMORY_REPLY`.
   * @throws InvalidArgumentError (synchronously) for a `maxChars` below 1000.
   */
  readonly reload: (
    sessionId: unknown,
    input: unknown,
    options?: { readonly maxChars?: number },
  ) => Promise<string>;
  /**
   * Answers a model's `context_search` call on a session, as `reload` does
   * (core's `createContextSearchHandler`, one index per session's memory,
   * derived from it: built again after an eviction or restart, with the same
   * answers). A call naming no session gets `NO_SEARCH_MEMORY_REPLY`.
   */
  readonly search: (sessionId: unknown, input: unknown) => Promise<string>;
  /**
   * From now on, every call brings its session's `context_search` index up
   * to date (O(messages added), after the compression), so a model's first
   * search never indexes a long history at once. Idempotent; the search
   * tools built over these sessions turn it on.
   */
  readonly indexForSearch: () => void;
  /** The session a call's id stands for (`undefined` when it names none and nothing is shared). */
  resolveSessionId(sessionId: unknown): string | undefined;
  /**
   * The memory of a session held now (e.g. for the reload tool): after a
   * fork, the fork's, as long as the calls naming the session land there.
   */
  readonly getMemory: (sessionId: string) => AutoContextMemory | undefined;
  /** Forgets a session and deletes it from the store. */
  readonly deleteSession: (sessionId: string) => Promise<boolean>;
}

/** What `record` did. */
export interface RecordedCall {
  /** The session the call ran in (the fork after `onMismatch: 'fork'`). */
  readonly sessionId: string;
  readonly memory: AutoContextMemory;
  readonly sync: SyncMessagesResult;
}
