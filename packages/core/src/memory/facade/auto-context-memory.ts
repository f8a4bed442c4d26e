import type { Clock, IdGenerator } from '../../vocabulary/clock/clock';
import type {
  AutoContextConfig,
  AutoContextConfigInput,
} from '../../vocabulary/config/config';
import { resolveConfig } from '../../vocabulary/config/resolve-config';
import {
  isFinalAnswer,
  isUserTurn,
} from '../../state/conversation/analyze-conversation';
import type { CompressionListenerEvent } from '../../engine/loop/compression-listener-event';
import { planCompression } from '../compression/plan-compression';
import type { CompressionDryRun } from '../compression/plan-compression';
import { runCompression } from '../compression/run-compression';
import type { CompressionResult } from '../compression/run-compression';
import type { TriggerCheck } from '../../engine/trigger/check-trigger';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { StoreConflictError } from '../../vocabulary/error/store-conflict-error';
import { StoreError } from '../../vocabulary/error/store-error';
import type { CompressionEvent } from '../../vocabulary/event/compression-event';
import type { Message } from '../../vocabulary/message/message';
import { renderPlanHint } from '../../engine/plan/render-plan-hint';
import { createTiktokenTokenCounter } from '../../runtime/create-tiktoken-token-counter';
import { randomId } from '../../runtime/random-id';
import { systemClock } from '../../runtime/system-clock';
import { timeoutSignal as defaultTimeoutSignal } from '../../runtime/timeout-signal';
import { AppendableState } from '../../state/context-state/appendable-state';
import { clearContextState } from '../../state/context-state/clear-context-state';
import type { ContextState } from '../../state/context-state/context-state';
import { createContextState } from '../../state/context-state/create-context-state';
import type { ToolPairingMode } from '../../state/context-state/assert-tool-pairing';
import { deleteWorkingMessage } from '../../state/context-state/delete-working-message';
import { validateInjectedDependencies } from './validate-injected-dependencies';
import {
  CONTEXT_STATE_FORMAT,
  CONTEXT_STATE_SCHEMA_VERSION,
} from '../../state/context-state/state-format';
import { parseState } from '../../state/context-state/parse-state';
import { reloadOffload } from '../../state/offload/reload-offload';
import { serializeState } from '../../state/context-state/serialize-state';
import { assertValidSessionId } from '../store/assert-valid-session-id';
import type { SessionStore } from '../store/session-store';
import { toStoreError } from '../store/to-store-error';
import { createExtractiveSummarizer } from '../../summary/summarizer/create-extractive-summarizer';
import type { Summarizer } from '../../summary/summarizer/summarizer';
import { checkTrigger } from '../../engine/trigger/check-trigger';
import { countFixedTokens } from '../../state/token/count-fixed-tokens';
import type { CountFixedTokensOptions } from '../../state/token/count-fixed-tokens';
import type { TokenCounter } from '../../state/token/token-counter';
import { addOffloadEntry } from '../../state/offload/add-offload-entry';
import { createIdNeutralTokenCounter } from './create-id-neutral-token-counter';
import { createScopedIdGenerator } from './create-scoped-id-generator';
import { getSessionTag } from '../../state/offload/session-tag';
import { createSerialQueue } from './create-serial-queue';
import type { SerialQueue } from './create-serial-queue';
import { copyState } from './freeze-state';
import type { OffloadLookup } from '../../state/offload/offload-lookup';
import type { PlanProvider } from './plan-provider';
import { removeOffloadEntry } from '../../state/offload/remove-offload-entry';

/** The range `setCalibration` clamps the provider/estimate ratio to. */
export const CALIBRATION_LIMITS = { min: 0.25, max: 4 } as const;

/** Cleared offload ids remembered so the reload tool can answer "was cleared". */
export const MAX_CLEARED_OFFLOAD_IDS = 4096;

export interface AutoContextMemoryOptions {
  /**
   * The session this memory holds. A non-empty string of at most 512
   * characters without NUL or lone surrogates (what every store accepts).
   * Offload ids are scoped to it (see `getSessionTag`).
   * @default randomId() (a fresh random session)
   */
  readonly sessionId?: string;
  /**
   * Compression options; validated and defaulted once, at construction
   * (`resolveConfig`).
   * @default {} (every option at its reference default)
   */
  readonly config?: AutoContextConfigInput;
  /**
   * Writes the LLM summaries. The default needs no model, so everything works
   * offline; pass one built on your chat model for real summaries.
   * @default createExtractiveSummarizer()
   */
  readonly summarizer?: Summarizer;
  /**
   * Counts tokens for the trigger and the budget.
   * @default createTiktokenTokenCounter() (o200k_base, loaded on first count)
   */
  readonly counter?: TokenCounter;
  /**
   * Stamps compression events and measures summarizer durations.
   * @default systemClock
   */
  readonly clock?: Clock;
  /**
   * The random part of every id the memory makes (offload entries, messages
   * it writes); each id is `${sessionTag}_${generateId()}`. Must be
   * unguessable in production.
   * @default randomId (128 random bits)
   */
  readonly generateId?: IdGenerator;
  /**
   * Makes the signal that bounds one compression pass's summaries to
   * `config.summarizerTimeoutMs`.
   * @default timeoutSignal (a real timer that keeps the process alive while a pass is pending, cleared when it settles)
   */
  readonly timeoutSignal?: (ms: number) => AbortSignal;
  /**
   * Where `save()` and `load()` persist the state (compare-and-set on the
   * revision). Without it, use `saveState()` / `loadState()`.
   * @default undefined
   */
  readonly store?: SessionStore;
  /**
   * Receives `compaction-start` / `compaction-end` notices and every
   * compression event as it is recorded. A listener that throws is ignored.
   * @default undefined
   */
  readonly onEvent?: (event: CompressionListenerEvent) => void;
  /**
   * Source of the active plan; its hint goes into every summary request. Can
   * be changed later with `attachPlanNotebook`.
   * @default undefined
   */
  readonly planNotebook?: PlanProvider;
}

/** Options of `addMessages`. */
export interface AddMessagesOptions {
  /**
   * Broken tool pairing in the batch: `'reject'` (throw an
   * `InvalidMessageError` naming the message and the call id) or `'drop'`
   * (drop the results, calls and parts that cannot be paired; deterministic,
   * never emits an orphan; see `repairToolPairing`).
   * @default 'reject'
   */
  readonly toolPairing?: ToolPairingMode;
}

/** Options of one `compressIfNeeded` call. */
export interface CompressIfNeededOptions {
  /**
   * Aborts the call: the pass in flight is not applied (an error event is
   * recorded); passes already applied stay.
   * @default undefined
   */
  readonly signal?: AbortSignal;
  /**
   * Tokens sent besides the messages (system prompt, tool schemas), counted
   * toward the trigger and the budget: `memory.countFixedTokens(...)`.
   * @default 0
   */
  readonly fixedTokens?: number;
  /**
   * Provider-reported input tokens divided by our estimate.
   * @default the ratio last given to `setCalibration`, else 1
   */
  readonly calibration?: number;
  /**
   * Compress even below the trigger (e.g. to retry after a provider's
   * context-overflow error).
   * @default false
   */
  readonly force?: boolean;
}

/** Options of `saveWithRetry`. */
export interface SaveWithRetryOptions {
  /**
   * Saves tried in all (the first included) before the last
   * `StoreConflictError` is thrown.
   * @default 10
   */
  readonly maxAttempts?: number;
  /**
   * Runs after each reload and re-apply, before the next save: e.g.
   * `() => memory.compressIfNeeded()` so the retried state is compressed like
   * the first one.
   * @default undefined
   */
  readonly beforeRetry?: (context: {
    /** The attempt about to be made (2 for the first retry). */
    readonly attempt: number;
  }) => unknown;
}

/** What `saveWithRetry` did. */
export interface SaveWithRetryResult {
  /** Whether the store was written (`false`: nothing had changed). */
  readonly saved: boolean;
  /** Conflicts met (each followed by a reload and re-apply). */
  readonly conflicts: number;
}

/** Options of `previewCompression`. */
export type PreviewCompressionOptions = Omit<
  CompressIfNeededOptions,
  'signal'
> & {
  /**
   * Aborts the dry run.
   * @default undefined
   */
  readonly signal?: AbortSignal;
};

/**
 * A conversation's context memory (DESIGN §3.10), with the reference
 * `AutoContextMemory` API under TypeScript names. It keeps the working
 * messages (what the model sees, compressed on demand), the original
 * messages (everything, never compressed), the offloaded content behind
 * reload ids and the compression events.
 *
 * - Effects only through what is injected (summarizer, counter, clock, ids,
 *   store).
 * - Calls that change state return promises and run one at a time, in call
 *   order: an `addMessage` made while a compression is running is applied
 *   after it, never lost. When nothing is pending, a synchronous change is
 *   already applied when the call returns.
 * - Getters are synchronous and return the latest committed state as frozen
 *   snapshots (copy with `[...list]` to edit); the message objects are the
 *   ones that were added.
 */
export class AutoContextMemory {
  /** The session this memory holds. */
  readonly sessionId: string;
  /** The resolved configuration. */
  readonly config: AutoContextConfig;

  readonly #summarizer: Summarizer;
  readonly #counter: TokenCounter;
  readonly #clock: Clock;
  readonly #generateId: IdGenerator;
  readonly #timeoutSignal: (ms: number) => AbortSignal;
  readonly #store: SessionStore | undefined;
  readonly #onEvent: ((event: CompressionListenerEvent) => void) | undefined;
  readonly #enqueue: SerialQueue = createSerialQueue();
  /** Cleared offload ids, oldest first (insertion order), bounded. */
  readonly #clearedOffloadIds = new Set<string>();
  #planNotebook: PlanProvider | undefined;
  /** The committed state: appends in O(new messages), frozen snapshots on read. */
  readonly #log: AppendableState;
  /**
   * Tokens of the first `length` working messages by the counter
   * (uncalibrated), carried forward over appends; `undefined` after any other
   * change until the next count.
   */
  #counted: { readonly tokens: number; readonly length: number } | undefined;
  /** Messages added since the state was last loaded from or saved to the store. */
  #unsaved: Message[] = [];
  #calibration = 1;
  /** Whether the counter's `load()` has resolved once (then counting is synchronous for good). */
  #counterLoaded = false;
  /** The revision last loaded from or saved to the store; `null` before either. */
  #storedRevision: number | null = null;

  constructor(options: AutoContextMemoryOptions = {}) {
    if (options === null || typeof options !== 'object') {
      throw new InvalidArgumentError({
        parameter: 'options',
        value: options,
        message: 'expected an options object',
      });
    }
    const {
      sessionId = randomId(),
      config = {},
      summarizer = createExtractiveSummarizer(),
      counter = createTiktokenTokenCounter(),
      clock = systemClock,
      generateId = randomId,
      timeoutSignal = defaultTimeoutSignal,
      store,
      onEvent,
      planNotebook,
    } = options;
    assertValidSessionId(sessionId);
    // Injected objects are checked here, and counter, clock and ids wrapped,
    // so that a wrong one fails with a typed error, never a TypeError later.
    const guarded = validateInjectedDependencies({
      summarizer,
      counter,
      clock,
      generateId,
      timeoutSignal,
      store,
      onEvent,
      planNotebook,
    });
    this.sessionId = sessionId;
    this.config = resolveConfig(config);
    this.#summarizer = summarizer;
    // Ids count as a fixed width, so decisions do not depend on them (#11 item 7).
    this.#counter = createIdNeutralTokenCounter({
      counter: guarded.counter,
      sessionTag: getSessionTag(sessionId),
    });
    this.#clock = guarded.clock;
    this.#generateId = createScopedIdGenerator({
      sessionId,
      generateId: guarded.generateId,
    });
    this.#timeoutSignal = timeoutSignal;
    this.#store = store;
    this.#onEvent = onEvent;
    this.#planNotebook = planNotebook;
    this.#log = new AppendableState(createContextState({ sessionId }));
  }

  // ---- messages ----------------------------------------------------------

  /** Appends one message to the working and the original messages. */
  addMessage(message: Message): Promise<void> {
    return this.addMessages([message]);
  }

  /**
   * Appends messages to the working and the original messages, all or none.
   * Tool pairing is checked against the conversation so far: a tool result
   * needs its call right before it (in the block of tool messages after the
   * call), once; an assistant message cannot follow a call still waiting for
   * its result. For imported histories, `toolPairing: 'drop'` drops what
   * cannot be paired instead (`repairToolPairing`).
   * @throws (rejects) InvalidMessageError for an invalid message, a reused id
   * or broken tool pairing (`reason`, `messageId` and `toolCallId` say where).
   */
  addMessages(
    messages: readonly Message[],
    { toolPairing = 'reject' }: AddMessagesOptions = {},
  ): Promise<void> {
    return this.#enqueue(() => {
      const appended = this.#log.append(messages, { toolPairing });
      this.#unsaved.push(...appended);
    });
  }

  /**
   * The working messages: what the model should see. Never compresses (as in
   * the reference since #450): call `compressIfNeeded()` before each model call.
   */
  getMessages(): readonly Message[] {
    return this.#log.working;
  }

  /** Every message ever added, in order, uncompressed. */
  getOriginalMessages(): readonly Message[] {
    return this.#log.original;
  }

  /**
   * The revision of the current state (`getState().revision`), in O(1): every
   * change raises it, so a caller that remembers it knows whether anything
   * changed since, without building the state snapshot.
   */
  getRevision(): number {
    return this.#log.revision;
  }

  /** How many working messages there are, in O(1) (no snapshot is built). */
  getMessageCount(): number {
    return this.#log.workingList.length;
  }

  /** The working message at `index` (`undefined` out of range), in O(1). */
  getMessageAt(index: number): Message | undefined {
    return this.#log.workingList[index];
  }

  /** How many original messages there are, in O(1) (no snapshot is built). */
  getOriginalMessageCount(): number {
    return this.#log.originalList.length;
  }

  /**
   * The original message at `index` (`undefined` out of range), in O(1): for
   * callers that check a few positions of a long history each turn (e.g. to
   * recognise a framework's message list) without copying it.
   */
  getOriginalMessageAt(index: number): Message | undefined {
    return this.#log.originalList[index];
  }

  /** The user turns and final answers of the original messages (tool traffic and ACM's messages left out). */
  getInteractionMessages(): readonly Message[] {
    return Object.freeze(
      this.#state.original.filter(
        (message) => isUserTurn(message) || isFinalAnswer(message),
      ),
    );
  }

  /**
   * Removes the working message at `index` (the original messages keep it).
   * A message of a tool exchange takes the whole exchange with it (the call
   * and the tool messages holding its results), so the pairing stays valid.
   * An index out of range is a no-op.
   * @returns whether a message was removed.
   */
  deleteMessage(index: number): Promise<boolean> {
    return this.#enqueue(() => {
      const next = deleteWorkingMessage(this.#state, index);
      if (next === this.#state) return false;
      this.#commit(next);
      return true;
    });
  }

  /**
   * Empties everything: working and original messages, offload entries and
   * events (the reference kept offloads and events). The cleared offload ids
   * are remembered so that reloading one answers "cleared".
   */
  clear(): Promise<void> {
    return this.#enqueue(() => {
      for (const offloadId of Object.keys(this.#state.offloads)) {
        this.#rememberCleared(offloadId);
      }
      this.#commit(clearContextState(this.#state));
      this.#unsaved = [];
    });
  }

  // ---- compression -------------------------------------------------------

  /**
   * Compresses the working messages when a trigger is reached (or `force`),
   * pass after pass until under the low-water mark (`runCompression`). The
   * plan hint of the attached notebook goes into every summary request.
   * Failures are data: a failed pass leaves the state as it was and records
   * an error event.
   * @throws (rejects) InvalidArgumentError for an invalid `fixedTokens` or `calibration`.
   */
  compressIfNeeded({
    signal,
    fixedTokens = 0,
    calibration,
    force = false,
  }: CompressIfNeededOptions = {}): Promise<CompressionResult> {
    const options = { signal, fixedTokens, calibration, force };
    // The counter's tokenizer is loaded once (where counting cannot load it
    // synchronously: browsers, edge); after that a call that finds nothing to
    // do runs synchronously in the queue, without a promise hop per turn.
    // (Anonymous closures only on this path: under tsx's keepNames, which the
    // benches run on, each named closure costs a defineProperty per call.)
    return this.#enqueue(() =>
      this.#counterLoaded
        ? this.#compressNow(options)
        : this.#loadCounter().then(() => this.#compressNow(options)),
    );
  }

  /** The body of `compressIfNeeded`, in the queue, counter loaded. */
  #compressNow({
    signal,
    fixedTokens,
    calibration,
    force,
  }: CompressIfNeededOptions & {
    readonly fixedTokens: number;
    readonly force: boolean;
  }): CompressionResult | Promise<CompressionResult> {
    const tokens = this.#countWorkingTokens();
    const live = this.#log.workingList;
    if (!force) {
      const trigger = checkTrigger({
        messages: live,
        config: this.config,
        counter: knownCountCounter(this.#counter, tokens, [live]),
        fixedTokens,
        calibration: calibration ?? this.#calibration,
      });
      if (!trigger.triggered) return this.#notTriggered(trigger);
    }
    const state = this.#state;
    const counter = knownCountCounter(this.#counter, tokens, [
      live,
      state.working,
    ]);
    return runCompression({
      state,
      config: this.config,
      counter,
      summarizer: this.#summarizer,
      clock: this.#clock,
      generateId: this.#generateId,
      timeoutSignal: this.#timeoutSignal,
      signal,
      planHint: this.#planHint(),
      fixedTokens,
      calibration: calibration ?? this.#calibration,
      force,
      onEvent: this.#onEvent,
    }).then((result) => {
      this.#commit(result.state);
      return result;
    });
  }

  /** Loads the counter (`TokenCounter.load`) and remembers that it is loaded. */
  async #loadCounter(): Promise<void> {
    await this.#counter.load?.();
    this.#counterLoaded = true;
  }

  /**
   * A dry run of `compressIfNeeded` on the state as every earlier call left
   * it: the passes, their plans and token deltas, without calling the
   * summarizer or changing anything (`planCompression`).
   */
  previewCompression({
    signal,
    fixedTokens = 0,
    calibration,
    force = false,
  }: PreviewCompressionOptions = {}): Promise<CompressionDryRun> {
    return this.#enqueue(async () => {
      if (!this.#counterLoaded) await this.#loadCounter();
      return planCompression({
        state: this.#state,
        config: this.config,
        counter: this.#counter,
        generateId: this.#generateId,
        signal,
        planHint: this.#planHint(),
        fixedTokens,
        calibration: calibration ?? this.#calibration,
        force,
      });
    });
  }

  /** Every compression event (applied and failed), oldest first. */
  getCompressionEvents(): readonly CompressionEvent[] {
    return this.#state.events;
  }

  /**
   * Records what the provider reported for the last prompt, so the trigger
   * counts like the provider does: keeps `providerInputTokens /
   * estimatedTokens`, clamped to `CALIBRATION_LIMITS`. `estimatedTokens` is
   * our count for the same prompt, by the memory's counter: `countTokens()`
   * (or `countMessageTokens(sentMessages)`) plus `countFixedTokens(...)`. A
   * zero on either side carries no information and is ignored.
   * @returns the calibration now in effect.
   * @throws InvalidArgumentError when either value is not a finite number ≥ 0.
   */
  setCalibration(providerInputTokens: number, estimatedTokens: number): number {
    assertTokenFigure('providerInputTokens', providerInputTokens);
    assertTokenFigure('estimatedTokens', estimatedTokens);
    if (providerInputTokens > 0 && estimatedTokens > 0) {
      this.#calibration = Math.min(
        CALIBRATION_LIMITS.max,
        Math.max(CALIBRATION_LIMITS.min, providerInputTokens / estimatedTokens),
      );
    }
    return this.#calibration;
  }

  /** The calibration `compressIfNeeded` uses by default (1 until `setCalibration`). */
  getCalibration(): number {
    return this.#calibration;
  }

  /** Tokens of the working messages by the memory's counter, uncalibrated. */
  countTokens(): number {
    return this.#countWorkingTokens();
  }

  /**
   * Tokens of the prompt parts that are not messages, by the memory's own
   * counter (`countFixedTokens`), uncalibrated: pass the result to
   * `compressIfNeeded` / `previewCompression` as `fixedTokens`, so the
   * trigger counts everything with one counter. `system` is a system prompt
   * sent outside the messages (leave it out when it is one of the memory's
   * messages: it is counted there); `tools` are the tool definitions as sent
   * to the provider (any shape), each counted as its JSON.
   * @example
   * const fixedTokens = memory.countFixedTokens({ system, tools });
   * await memory.compressIfNeeded({ fixedTokens });
   */
  countFixedTokens({
    system,
    tools = [],
  }: Pick<CountFixedTokensOptions, 'system' | 'tools'> = {}): number {
    return countFixedTokens({ counter: this.#counter, system, tools });
  }

  /**
   * Tokens of `messages` by the memory's own counter, uncalibrated, e.g. the
   * messages of a request as sent, for the estimate given to
   * `setCalibration`. The messages need not be the memory's.
   */
  countMessageTokens(messages: readonly Message[]): number {
    return this.#counter.countMessages(messages);
  }

  // ---- offloads ----------------------------------------------------------

  /**
   * Stores `messages` behind a new offload id (`${sessionTag}_${random}`) and
   * returns the id. The working messages are not changed.
   * @throws (rejects) InvalidMessageError for an invalid message.
   */
  offload(messages: readonly Message[]): Promise<string> {
    return this.#enqueue(() => {
      const offloadId = this.#generateId();
      this.#commit(addOffloadEntry(this.#state, offloadId, messages));
      return offloadId;
    });
  }

  /** The messages behind `offloadId`; an empty list when there is none (as the reference). */
  reload(offloadId: string): readonly Message[] {
    return reloadOffload(this.#state, offloadId) ?? EMPTY_MESSAGES;
  }

  /** What the memory knows about `offloadId`: found, cleared or not found. */
  lookupOffload(offloadId: string): OffloadLookup {
    const messages = reloadOffload(this.#state, offloadId);
    if (messages !== undefined) return { status: 'found', messages };
    return this.#clearedOffloadIds.has(offloadId)
      ? { status: 'cleared' }
      : { status: 'not-found' };
  }

  /**
   * Removes the offload entry `offloadId`. Stubs naming it stay; reloading it
   * then answers "cleared".
   * @returns whether the entry existed.
   */
  clearOffload(offloadId: string): Promise<boolean> {
    return this.#enqueue(() => {
      const next = removeOffloadEntry(this.#state, offloadId);
      if (next === this.#state) return false;
      this.#rememberCleared(offloadId);
      this.#commit(next);
      return true;
    });
  }

  /** Every offload entry: id → the messages behind it. */
  getOffloadContext(): Readonly<Record<string, readonly Message[]>> {
    return this.#state.offloads;
  }

  // ---- plan --------------------------------------------------------------

  /** Attaches the source of the active plan, or detaches it with `undefined`. */
  attachPlanNotebook(notebook: PlanProvider | undefined): void {
    this.#planNotebook = notebook;
  }

  // ---- state and persistence --------------------------------------------

  /** The current state (frozen). */
  getState(): ContextState {
    return this.#state;
  }

  /** The current state as JSON text (`serializeState`). */
  saveState(): string {
    return serializeState(this.#state);
  }

  /**
   * Replaces the whole state with one read by `parseState`: JSON text, the
   * parsed document, or a `ContextState` object as `getState()` returns it
   * (validated the same way). Nothing changes when it fails.
   * @throws (rejects) InvalidStateError for an invalid state;
   * InvalidArgumentError when it belongs to another session.
   */
  loadState(input: unknown): Promise<void> {
    return this.#enqueue(() => {
      const state = parseState(asStateDocument(input));
      this.#assertOwnSession(state, 'state.sessionId');
      this.#commit(state);
      this.#unsaved = [];
    });
  }

  /**
   * Writes the current state to the store, compare-and-set on the revision
   * this memory last loaded or saved (`null` before either: the session must
   * not exist yet). Nothing is written when nothing changed since.
   * @returns whether the store was written.
   * @throws (rejects) StoreConflictError when someone else saved in between
   * (load, re-apply, retry); StoreError when the store fails (the cause
   * kept); InvalidArgumentError without a store. The in-memory state is
   * never changed by `save()`.
   */
  save(): Promise<boolean> {
    return this.#enqueue(async () => {
      const store = this.#requireStore();
      const state = this.#state;
      if (state.revision === this.#storedRevision) return false;
      try {
        await store.save(this.sessionId, state, {
          expectedRevision: this.#storedRevision,
        });
      } catch (error) {
        throw toStoreError({
          error,
          operation: 'save',
          sessionId: this.sessionId,
        });
      }
      this.#storedRevision = state.revision;
      this.#unsaved = [];
      return true;
    });
  }

  /**
   * The messages added since the state was last loaded from or saved to the
   * store (or since `clear` / `loadState`): what a save that meets a conflict
   * must apply again on top of the newer stored state.
   */
  getUnsavedMessages(): readonly Message[] {
    return Object.freeze([...this.#unsaved]);
  }

  /**
   * `save()`, retried on `StoreConflictError` the documented way: load the
   * newer stored state, add again the unsaved messages it does not hold (by
   * id: a save the server applied but whose reply was lost is not applied
   * twice), run `beforeRetry`, and save again, up to `maxAttempts` saves.
   * Only added messages are re-applied: other local changes since the last
   * save (compressions, deletes, offloads) give way to the stored state.
   * @throws (rejects) StoreConflictError after `maxAttempts` conflicts, or when
   * the session was deleted from the store meanwhile (nothing is re-created);
   * StoreError when the store fails (the memory then keeps its unsaved
   * messages); InvalidArgumentError without a store or for an invalid
   * `maxAttempts`.
   */
  async saveWithRetry({
    maxAttempts = 10,
    beforeRetry,
  }: SaveWithRetryOptions = {}): Promise<SaveWithRetryResult> {
    if (!Number.isSafeInteger(maxAttempts) || maxAttempts < 1) {
      throw new InvalidArgumentError({
        parameter: 'maxAttempts',
        value: maxAttempts,
        message: 'expected an integer ≥ 1',
      });
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        return { saved: await this.save(), conflicts: attempt - 1 };
      } catch (error) {
        if (!StoreConflictError.isInstance(error) || attempt >= maxAttempts) {
          throw error;
        }
        await this.#enqueue(async () => {
          const unsaved = this.#unsaved;
          if (!(await this.#loadFromStore())) throw error;
          const stored = new Set(
            this.#log.original.map((message) => message.id),
          );
          const missing = unsaved.filter((message) => !stored.has(message.id));
          this.#log.append(missing);
          this.#unsaved = missing;
        });
        await beforeRetry?.({ attempt: attempt + 1 });
      }
    }
  }

  /**
   * Replaces the whole in-memory state with the stored one. When the session
   * is not stored, nothing changes.
   * @returns whether a stored state was found.
   * @throws (rejects) StoreError when the store fails or returns another
   * session's state; InvalidArgumentError without a store. The in-memory
   * state is unchanged then.
   */
  load(): Promise<boolean> {
    return this.#enqueue(() => this.#loadFromStore());
  }

  /** The body of `load()`, for callers already in the queue. */
  async #loadFromStore(): Promise<boolean> {
    const store = this.#requireStore();
    let stored: ContextState | undefined;
    try {
      stored = await store.load(this.sessionId);
    } catch (error) {
      throw toStoreError({
        error,
        operation: 'load',
        sessionId: this.sessionId,
      });
    }
    if (stored === undefined) return false;
    if (stored.sessionId !== this.sessionId) {
      throw new StoreError({
        sessionId: this.sessionId,
        operation: 'load',
        message: `The store returned the state of session ${JSON.stringify(stored.sessionId)} for session ${JSON.stringify(this.sessionId)}.`,
      });
    }
    this.#commit(copyState(stored));
    this.#storedRevision = stored.revision;
    this.#unsaved = [];
    return true;
  }

  // ---- internals ---------------------------------------------------------

  /** The committed state, frozen (built once per change). */
  get #state(): ContextState {
    return this.#log.state;
  }

  #commit(state: ContextState): void {
    if (state === this.#log.state) return;
    this.#log.replace(state);
    this.#counted = undefined;
  }

  /**
   * Tokens of the working messages (uncalibrated), in O(messages appended
   * since the last count): the earlier total is carried forward while the
   * memory knows it only appended.
   */
  #countWorkingTokens(): number {
    const list = this.#log.workingList;
    const length = list.length;
    const counted = this.#counted;
    let tokens: number;
    if (counted === undefined || counted.length > length) {
      tokens = this.#counter.countMessages(list);
    } else {
      tokens = counted.tokens;
      for (let index = counted.length; index < length; index += 1) {
        tokens += this.#counter.countMessage(list[index]!);
      }
    }
    this.#counted = { tokens, length };
    return tokens;
  }

  /** The result of a call that found no trigger reached: nothing changes. */
  #notTriggered(trigger: TriggerCheck): CompressionResult {
    const log = this.#log;
    // The state snapshot is built only if the caller reads it (an own,
    // enumerable accessor, as a data property would be).
    return {
      applied: false,
      trigger,
      passes: [],
      events: [],
      stopReason: 'not-triggered',
      get state() {
        return log.state;
      },
    };
  }

  #planHint(): string | undefined {
    return renderPlanHint(this.#planNotebook?.getCurrentPlan());
  }

  #rememberCleared(offloadId: string): void {
    this.#clearedOffloadIds.delete(offloadId);
    this.#clearedOffloadIds.add(offloadId);
    if (this.#clearedOffloadIds.size > MAX_CLEARED_OFFLOAD_IDS) {
      const oldest = this.#clearedOffloadIds.values().next();
      if (oldest.done !== true) this.#clearedOffloadIds.delete(oldest.value);
    }
  }

  #requireStore(): SessionStore {
    if (this.#store === undefined) {
      throw new InvalidArgumentError({
        parameter: 'store',
        value: undefined,
        message:
          'this memory has no store: pass `store` to createAutoContextMemory, or use saveState() / loadState()',
      });
    }
    return this.#store;
  }

  #assertOwnSession(state: ContextState, parameter: string): void {
    if (state.sessionId !== this.sessionId) {
      throw new InvalidArgumentError({
        parameter,
        value: state.sessionId,
        message: `the state belongs to session ${JSON.stringify(state.sessionId)}, this memory holds session ${JSON.stringify(this.sessionId)} (offload ids are scoped to their session); create the memory with that sessionId`,
      });
    }
  }
}

const EMPTY_MESSAGES: readonly Message[] = Object.freeze([]);

/**
 * `counter`, except that counting one of `current` (the working messages the
 * memory counted) answers the carried-forward `tokens`, so a check that
 * changes nothing costs no scan of the history.
 */
function knownCountCounter(
  counter: TokenCounter,
  tokens: number,
  current: readonly (readonly Message[])[],
): TokenCounter {
  // Methods, not arrow properties: no defineProperty per check under tsx's keepNames.
  return {
    name: counter.name,
    countText(text) {
      return counter.countText(text);
    },
    countMessage(message) {
      return counter.countMessage(message);
    },
    countMessages(messages) {
      return current.includes(messages)
        ? tokens
        : counter.countMessages(messages);
    },
  };
}

function assertTokenFigure(parameter: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new InvalidArgumentError({
      parameter,
      value,
      message: `must be a finite number of tokens, 0 or more, received ${String(value)}`,
    });
  }
}

/**
 * A `ContextState` object (a plain object without a `format` key, as
 * `getState()` returns) as the serialized document `parseState` reads; any
 * other input as it is.
 */
function asStateDocument(input: unknown): unknown {
  if (
    input === null ||
    typeof input !== 'object' ||
    Array.isArray(input) ||
    Object.hasOwn(input, 'format') ||
    Object.hasOwn(input, 'schemaVersion')
  ) {
    return input;
  }
  return {
    format: CONTEXT_STATE_FORMAT,
    schemaVersion: CONTEXT_STATE_SCHEMA_VERSION,
    ...input,
  };
}
