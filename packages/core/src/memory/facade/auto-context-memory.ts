import type { AutoContextConfig } from '../../vocabulary/config/config';
import type { CompressionEvent } from '../../vocabulary/event/compression-event';
import type { Message } from '../../vocabulary/message/message';
import { selectInteractionMessages } from '../../state/conversation/analyze-conversation';
import type { ContextState } from '../../state/context-state/context-state';
import { serializeState } from '../../state/context-state/serialize-state';
import type { OffloadLookup } from '../../state/offload/offload-lookup';
import { reloadOffload } from '../../state/offload/reload-offload';
import { countFixedTokens } from '../../state/token/count-fixed-tokens';
import type { CountFixedTokensOptions } from '../../state/token/count-fixed-tokens';
import type { CompressionDryRun } from '../compression/plan-compression';
import type { CompressionResult } from '../compression/run-compression';
import type {
  AddMessagesOptions,
  AutoContextMemoryOptions,
  CompressIfNeededOptions,
  PreviewCompressionOptions,
  SaveWithRetryOptions,
  SaveWithRetryResult,
} from './auto-context-memory-options';
import { clearMemory } from './clear-memory';
import { clearOffloadEntry } from './clear-offload-entry';
import { compressMemory, withCompressDefaults } from './compress-memory';
import { countWorkingTokens } from './count-working-tokens';
import { createSerialQueue } from './create-serial-queue';
import type { SerialQueue } from './create-serial-queue';
import { deleteMemoryMessage } from './delete-memory-message';
import { loadFromStore } from './load-from-store';
import { loadMemoryState } from './load-memory-state';
import { lookupOffloadEntry } from './lookup-offload-entry';
import type { MemoryEpochs } from './memory-epochs';
import { createMemoryCore } from './create-memory-core';
import type { MemoryCore } from './create-memory-core';
import { offloadMessages } from './offload-messages';
import type { PlanProvider } from './plan-provider';
import { previewMemoryCompression } from './preview-memory-compression';
import { reloadAndReapply } from './reload-and-reapply';
import { retrySaveOnConflict } from './retry-save-on-conflict';
import { saveToStore } from './save-to-store';
import { calibrateMemory } from './update-calibration';

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

  readonly #enqueue: SerialQueue = createSerialQueue();
  /** What the memory holds; the operations of this folder read and write it. */
  readonly #core: MemoryCore;

  constructor(options: AutoContextMemoryOptions = {}) {
    this.#core = createMemoryCore(options);
    this.sessionId = this.#core.sessionId;
    this.config = this.#core.config;
  }

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
      const appended = this.#core.log.append(messages, { toolPairing });
      this.#core.unsaved.push(...appended);
    });
  }

  /**
   * The working messages: what the model should see. Never compresses (as in
   * the reference since #450): call `compressIfNeeded()` before each model call.
   */
  getMessages(): readonly Message[] {
    return this.#core.log.working;
  }

  /** Every message ever added, in order, uncompressed. */
  getOriginalMessages(): readonly Message[] {
    return this.#core.log.original;
  }

  /**
   * The revision of the current state (`getState().revision`), in O(1): every
   * change raises it, so a caller that remembers it knows whether anything
   * changed since, without building the state snapshot.
   */
  getRevision(): number {
    return this.#core.log.revision;
  }

  /**
   * What changed, in O(1), for state derived from this memory (a search
   * index, a cache): `history` moves when the original messages are replaced
   * (`clear`, `loadState`, `load`, a conflict's reload), `state` on every
   * change that is not an append. A derived index that saw the same epochs
   * only has to take in the messages appended since (`getOriginalMessageAt`
   * from the count it saw); otherwise it reads the memory again.
   */
  getEpochs(): MemoryEpochs {
    return this.#core.epochs;
  }

  /** How many working messages there are, in O(1) (no snapshot is built). */
  getMessageCount(): number {
    return this.#core.log.workingList.length;
  }

  /** The working message at `index` (`undefined` out of range), in O(1). */
  getMessageAt(index: number): Message | undefined {
    return this.#core.log.workingList[index];
  }

  /** How many original messages there are, in O(1) (no snapshot is built). */
  getOriginalMessageCount(): number {
    return this.#core.log.originalList.length;
  }

  /**
   * The original message at `index` (`undefined` out of range), in O(1): for
   * callers that check a few positions of a long history each turn (e.g. to
   * recognise a framework's message list) without copying it.
   */
  getOriginalMessageAt(index: number): Message | undefined {
    return this.#core.log.originalList[index];
  }

  /** The user turns and final answers of the original messages (tool traffic and ACM's messages left out). */
  getInteractionMessages(): readonly Message[] {
    return Object.freeze(selectInteractionMessages(this.#core.log.original));
  }

  /**
   * Removes the working message at `index` (the original messages keep it).
   * A message of a tool exchange takes the whole exchange with it (the call
   * and the tool messages holding its results), so the pairing stays valid.
   * An index out of range is a no-op.
   * @returns whether a message was removed.
   */
  deleteMessage(index: number): Promise<boolean> {
    return this.#enqueue(() => deleteMemoryMessage(this.#core, index));
  }

  /**
   * Empties everything: working and original messages, offload entries and
   * events (the reference kept offloads and events). The cleared offload ids
   * are remembered so that reloading one answers "cleared" (while this memory
   * lives: a stored session that was cleared holds nothing to tell them by).
   * The calibration is back to 1 and state derived from the memory is
   * rebuilt (the `history` epoch moves).
   */
  clear(): Promise<void> {
    return this.#enqueue(() => clearMemory(this.#core));
  }

  /**
   * Compresses the working messages when a trigger is reached (or `force`),
   * pass after pass until under the low-water mark (`runCompression`). The
   * plan hint of the attached notebook goes into every summary request.
   * Summaries are incremental; `resummarize: true` writes this call's working
   * summaries from all the originals behind them (with `force`, now).
   * Failures are data: a failed pass leaves the state as it was and records
   * an error event.
   * @throws (rejects) InvalidArgumentError for an invalid `fixedTokens` or `calibration`.
   */
  compressIfNeeded(
    options: CompressIfNeededOptions = {},
  ): Promise<CompressionResult> {
    const resolved = withCompressDefaults(options);
    return this.#enqueue(() => compressMemory(this.#core, resolved));
  }

  /**
   * A dry run of `compressIfNeeded` on the state as every earlier call left
   * it: the passes, their plans and token deltas, without calling the
   * summarizer or changing anything (`planCompression`).
   */
  previewCompression(
    options: PreviewCompressionOptions = {},
  ): Promise<CompressionDryRun> {
    const resolved = withCompressDefaults(options);
    return this.#enqueue(() => previewMemoryCompression(this.#core, resolved));
  }

  /** Attaches the source of the active plan, or detaches it with `undefined`. */
  attachPlanNotebook(notebook: PlanProvider | undefined): void {
    this.#core.planNotebook = notebook;
  }

  /** Every compression event (applied and failed), oldest first. */
  getCompressionEvents(): readonly CompressionEvent[] {
    return this.#core.log.state.events;
  }

  /**
   * Records what the provider reported for the last prompt, so the trigger
   * counts like the provider does: keeps `providerInputTokens /
   * estimatedTokens`, clamped to `CALIBRATION_LIMITS`. `estimatedTokens` is
   * our count for the same prompt, by the memory's counter: `countTokens()`
   * (or `countMessageTokens(sentMessages)`) plus `countFixedTokens(...)`. A
   * zero on either side carries no information and is ignored. The
   * calibration describes the current history: it is back to 1 when the
   * history is replaced (`getEpochs().history` moves).
   * @returns the calibration now in effect.
   * @throws InvalidArgumentError when either value is not a finite number ≥ 0.
   */
  setCalibration(providerInputTokens: number, estimatedTokens: number): number {
    return calibrateMemory(this.#core, providerInputTokens, estimatedTokens);
  }

  /** The calibration `compressIfNeeded` uses by default (1 until `setCalibration`, and after the history is replaced). */
  getCalibration(): number {
    return this.#core.calibration;
  }

  /** Tokens of the working messages by the memory's counter, uncalibrated. */
  countTokens(): number {
    return countWorkingTokens(this.#core);
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
    return countFixedTokens({ counter: this.#core.counter, system, tools });
  }

  /**
   * Tokens of `messages` by the memory's own counter, uncalibrated, e.g. the
   * messages of a request as sent, for the estimate given to
   * `setCalibration`. The messages need not be the memory's.
   */
  countMessageTokens(messages: readonly Message[]): number {
    return this.#core.counter.countMessages(messages);
  }

  /**
   * Stores `messages` behind a new offload id (`${sessionTag}_${random}`) and
   * returns the id. The working messages are not changed.
   * @throws (rejects) InvalidMessageError for an invalid message.
   */
  offload(messages: readonly Message[]): Promise<string> {
    return this.#enqueue(() => offloadMessages(this.#core, messages));
  }

  /** The messages behind `offloadId`; an empty list when there is none (as the reference). */
  reload(offloadId: string): readonly Message[] {
    return reloadOffload(this.#core.log.state, offloadId) ?? EMPTY_MESSAGES;
  }

  /** What the memory knows about `offloadId`: found, cleared or not found. */
  lookupOffload(offloadId: string): OffloadLookup {
    return lookupOffloadEntry(this.#core, offloadId);
  }

  /**
   * Removes the offload entry `offloadId`. Stubs naming it stay; reloading it
   * then answers "cleared".
   * @returns whether the entry existed.
   */
  clearOffload(offloadId: string): Promise<boolean> {
    return this.#enqueue(() => clearOffloadEntry(this.#core, offloadId));
  }

  /** Every offload entry: id → the messages behind it. */
  getOffloadContext(): Readonly<Record<string, readonly Message[]>> {
    return this.#core.log.state.offloads;
  }

  /** The current state (frozen). */
  getState(): ContextState {
    return this.#core.log.state;
  }

  /** The current state as JSON text (`serializeState`). */
  saveState(): string {
    return serializeState(this.#core.log.state);
  }

  /**
   * Replaces the whole state with one read by `parseState`: JSON text, the
   * parsed document, or a `ContextState` object as `getState()` returns it
   * (validated the same way). Nothing changes when it fails. The history is
   * replaced: the calibration is back to 1, offload ids cleared earlier are
   * forgotten, and state derived from the memory is rebuilt (`getEpochs`).
   * With a store, the loaded state becomes the session's next revision, so
   * `save()` writes it (an earlier saved state loaded again included).
   * @throws (rejects) InvalidStateError for an invalid state;
   * InvalidArgumentError when it belongs to another session.
   */
  loadState(input: unknown): Promise<void> {
    return this.#enqueue(() => loadMemoryState(this.#core, input));
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
    return this.#enqueue(() => saveToStore(this.#core));
  }

  /**
   * The messages added since the state was last loaded from or saved to the
   * store (or since `clear` / `loadState`): what a save that meets a conflict
   * must apply again on top of the newer stored state.
   */
  getUnsavedMessages(): readonly Message[] {
    return Object.freeze([...this.#core.unsaved]);
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
  saveWithRetry(
    options: SaveWithRetryOptions = {},
  ): Promise<SaveWithRetryResult> {
    return retrySaveOnConflict(options, {
      save: () => this.save(),
      reloadAndReapply: (conflict) =>
        this.#enqueue(() => reloadAndReapply(this.#core, conflict)),
    });
  }

  /**
   * Replaces the whole in-memory state with the stored one (as `loadState`
   * does: calibration, cleared ids and derived state follow). When the
   * session is not stored, nothing changes.
   * @returns whether a stored state was found.
   * @throws (rejects) StoreError when the store fails or returns another
   * session's state; InvalidArgumentError without a store. The in-memory
   * state is unchanged then.
   */
  load(): Promise<boolean> {
    return this.#enqueue(() => loadFromStore(this.#core));
  }
}

const EMPTY_MESSAGES: readonly Message[] = Object.freeze([]);
