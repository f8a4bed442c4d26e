import type { Message } from '../../vocabulary/message/message';
import { recordAppendLineage } from './append-lineage';
import { assertMessageArray } from './assert-message-array';
import { assertToolPairing } from './assert-tool-pairing';
import type { ToolPairingMode } from './assert-tool-pairing';
import { assertValidNewMessages } from './assert-valid-new-messages';
import type { ContextState } from './context-state';

/**
 * One session's state held for appends in O(new messages), with frozen
 * snapshots on read (DESIGN §3.4: per-turn cost grows with the new messages).
 *
 * - Appends push onto private arrays (amortized O(1) per message) and check
 *   new ids against an id index carried forward, instead of scanning and
 *   copying the history.
 * - Readers get frozen snapshots, built on the first read after a change
 *   (one `slice` of the list read) and cached until the next change, so
 *   callers keep immutable values and a turn that does not read pays nothing.
 * - Any other change (`replace`: compression, delete, clear, load) swaps in a
 *   whole state; the private copies and the index of working-only ids are
 *   rebuilt lazily on the next append.
 *
 * Not a public value: only the memory facade holds one. Pure (no I/O).
 */
export class AppendableState {
  readonly #sessionId: string;
  #revision: number;
  #offloads: ContextState['offloads'];
  #events: ContextState['events'];
  /** Private, growable lists; `undefined` until the first append after `replace`. */
  #working: Message[] | undefined;
  #original: Message[] | undefined;
  /** Frozen snapshots of the lists; `undefined` when stale. */
  #workingSnapshot: readonly Message[] | undefined;
  #originalSnapshot: readonly Message[] | undefined;
  #stateSnapshot: ContextState | undefined;
  /** Ids of `original` (append-only between replacements); `undefined` = rebuild. */
  #originalIds: Set<string> | undefined;
  /** Ids of working messages not in `original` (summaries, stubs); `undefined` = rebuild. */
  #workingOnlyIds: Set<string> | undefined;
  /**
   * The run of appends the snapshots belong to (`recordAppendLineage`): a new
   * token on every `replace`, so a store can tell in O(1) that a snapshot only
   * appended to one it saved (`findAppendsSince`).
   */
  #lineage: object = {};

  /** Whether a message uses `id` (indexes built); made once, not per append. */
  readonly #isIdTaken = (id: string): boolean =>
    this.#originalIds!.has(id) || this.#workingOnlyIds!.has(id);

  constructor(state: ContextState) {
    this.#sessionId = state.sessionId;
    this.#revision = state.revision;
    this.#offloads = freezeOffloads(state.offloads);
    this.#events = Object.freeze(state.events);
    this.#workingSnapshot = freezeList(state.working);
    this.#originalSnapshot = freezeList(state.original);
    this.#stateSnapshot = Object.freeze(state);
    recordAppendLineage(this.#stateSnapshot, this.#lineage);
  }

  /** The revision of the current state. */
  get revision(): number {
    return this.#revision;
  }

  /**
   * The working messages as they are held now, without building a snapshot:
   * read it at once and never keep it (a later append may grow it in place).
   */
  get workingList(): readonly Message[] {
    return (this.#working ?? this.#workingSnapshot)!;
  }

  /** The original messages as they are held now (same caveat as `workingList`). */
  get originalList(): readonly Message[] {
    return (this.#original ?? this.#originalSnapshot)!;
  }

  /** The working messages, frozen (built once per change). */
  get working(): readonly Message[] {
    this.#workingSnapshot ??= Object.freeze(this.#working!.slice());
    return this.#workingSnapshot;
  }

  /** The original messages, frozen (built once per change). */
  get original(): readonly Message[] {
    this.#originalSnapshot ??= Object.freeze(this.#original!.slice());
    return this.#originalSnapshot;
  }

  /** The whole state, frozen (built once per change). */
  get state(): ContextState {
    if (this.#stateSnapshot === undefined) {
      this.#stateSnapshot = Object.freeze({
        sessionId: this.#sessionId,
        working: this.working,
        original: this.original,
        offloads: this.#offloads,
        events: this.#events,
        revision: this.#revision,
      });
      recordAppendLineage(this.#stateSnapshot, this.#lineage);
    }
    return this.#stateSnapshot;
  }

  /**
   * Appends `messages` to the working and the original messages, all or none,
   * and bumps the revision (an empty batch changes nothing), validated as
   * `appendMessages` does: valid messages, new ids, tool pairing against the
   * end of the working messages (`toolPairing: 'drop'` repairs the batch
   * instead). The message objects are kept as they are. Costs O(batch), plus,
   * on the first append after a replacement, one copy of the lists and an
   * index of the working messages that are not original.
   * @returns the messages appended (the batch as repaired).
   * @throws InvalidMessageError as `appendMessages` does; nothing is appended
   * then.
   */
  append(
    messages: readonly Message[],
    {
      toolPairing = 'reject',
    }: {
      /**
       * `'reject'` throws on broken tool pairing; `'drop'` repairs the batch.
       * @default 'reject'
       */
      readonly toolPairing?: ToolPairingMode;
    } = {},
  ): readonly Message[] {
    assertMessageArray(messages);
    if (messages.length === 0) return messages;
    const originalIds = this.#indexOriginalIds();
    this.#indexWorkingOnlyIds(originalIds);
    assertValidNewMessages({ messages, isIdTaken: this.#isIdTaken });
    const paired = assertToolPairing({
      existing: this.workingList,
      messages,
      mode: toolPairing,
    }).messages;
    if (paired.length === 0) return paired;
    this.#working ??= this.#workingSnapshot!.slice();
    this.#original ??= this.#originalSnapshot!.slice();
    for (const message of paired) {
      this.#working.push(message);
      this.#original.push(message);
      originalIds.add(message.id);
    }
    this.#workingSnapshot = undefined;
    this.#originalSnapshot = undefined;
    this.#stateSnapshot = undefined;
    this.#revision += 1;
    return paired;
  }

  /**
   * Replaces the whole state (of the same session) with `state`, frozen as
   * the memory always did (lists, offload record and entries, events; shallow). The id index of the original messages is kept when
   * `state.original` is the current original list (a compression).
   */
  replace(state: ContextState): void {
    if (state.original !== this.#originalSnapshot)
      this.#originalIds = undefined;
    this.#workingOnlyIds = undefined;
    this.#revision = state.revision;
    this.#offloads = Object.isFrozen(state.offloads)
      ? state.offloads
      : freezeOffloads(state.offloads);
    this.#events = Object.freeze(state.events);
    this.#working = undefined;
    this.#original = undefined;
    this.#workingSnapshot = freezeList(state.working);
    this.#originalSnapshot = freezeList(state.original);
    this.#stateSnapshot = Object.freeze(state);
    this.#lineage = {};
    recordAppendLineage(this.#stateSnapshot, this.#lineage);
  }

  #indexOriginalIds(): Set<string> {
    if (this.#originalIds === undefined) {
      this.#originalIds = new Set();
      for (const message of (this.#original ?? this.#originalSnapshot)!) {
        this.#originalIds.add(message.id);
      }
    }
    return this.#originalIds;
  }

  #indexWorkingOnlyIds(originalIds: ReadonlySet<string>): Set<string> {
    if (this.#workingOnlyIds === undefined) {
      this.#workingOnlyIds = new Set();
      for (const message of (this.#working ?? this.#workingSnapshot)!) {
        if (!originalIds.has(message.id)) this.#workingOnlyIds.add(message.id);
      }
    }
    return this.#workingOnlyIds;
  }
}

function freezeList(list: readonly Message[]): readonly Message[] {
  return Object.isFrozen(list) ? list : Object.freeze(list);
}

/** Freezes the record and each entry (shallow: messages are immutable values by contract). */
function freezeOffloads(
  offloads: ContextState['offloads'],
): ContextState['offloads'] {
  for (const messages of Object.values(offloads)) Object.freeze(messages);
  return Object.freeze(offloads);
}
