import type { MemoryEpochs } from '../../memory/facade/memory-epochs';
import type { Message } from '../../vocabulary/message/message';
import type { FullTextIndex } from '../long-term/create-full-text-index';
import type { ContextSearchMemory } from './context-search-memory';
import { searchableText } from './searchable-text';

/** A message indexed for `context_search`. */
export interface IndexedMessage {
  readonly message: Message;
  readonly text: string;
  /** Position in the original history; `undefined` for a message only held by an offload entry. */
  readonly index: number | undefined;
  /** Round of the original history (count of user messages up to it); `undefined` for an offload-only message. */
  readonly round: number | undefined;
  /** Whether it is a tool message of the original history (scored with its round). */
  readonly roundTool: boolean;
  /**
   * Tie-break among equal scores, derived from the state alone (so an index
   * built again after an eviction ranks as the one kept up to date did):
   * originals by position, then offload-only messages by their entry's id
   * and their place in it.
   */
  readonly order: number;
  readonly orderKey: string;
  /** The last query that found it by its own words (`SearchDocuments.queries`): ranking scratch, no set per query. */
  foundBy: number;
}

/**
 * What `context_search` has derived from a memory's session, kept between
 * calls and brought up to date by `syncSearchDocuments` in O(what changed):
 *
 * - the full-text index of every original message (and of the messages only
 *   an offload entry holds), appended to as messages are added, built again
 *   when the history is replaced;
 * - what the model can still reach: the working messages by id, and which
 *   offload entry holds each message. An original that is neither in the
 *   working messages nor in an entry (deleted, behind a cleared entry) is
 *   never returned.
 */
export interface SearchDocuments {
  readonly index: FullTextIndex;
  readonly documents: Map<string, IndexedMessage>;
  /** message id → the first offload entry holding it (the id `context_reload` takes). */
  readonly offloadOf: Map<string, string>;
  /** message id → every entry holding it, oldest first. */
  readonly entriesOf: Map<string, string[]>;
  /** offload id → the ids of its messages. */
  readonly offloadMessages: Map<string, readonly string[]>;
  /** The working messages by id, as last read. */
  working: Map<string, Message>;
  /**
   * Indexed messages the model can no longer reach (neither in the working
   * messages nor in an entry: deleted, behind a cleared entry), found again
   * whenever the working messages or entries were rewritten; usually empty.
   */
  unreachable: Set<string>;
  /** The epochs last seen (`undefined` before the first sync, or for a memory without epochs). */
  epochs: MemoryEpochs | undefined;
  /** Original messages indexed (the next one to index is at this position). */
  indexedCount: number;
  /** Rounds of the original history: a round starts at each user message. */
  round: number;
  readonly toolResultsOf: Map<number, string[]>;
  /** Queries ranked so far (stamps `IndexedMessage.foundBy`). */
  queries: number;
  /** Ranking scratch: the best score of each round in the current query (0 when none), and the rounds it set. */
  roundScores: Float64Array;
  readonly touchedRounds: number[];
}

/** Nothing indexed yet, over a new full-text index. */
export function createSearchDocuments(
  createIndex: () => FullTextIndex,
): SearchDocuments {
  return {
    index: createIndex(),
    documents: new Map(),
    offloadOf: new Map(),
    entriesOf: new Map(),
    offloadMessages: new Map(),
    working: new Map(),
    unreachable: new Set(),
    epochs: undefined,
    indexedCount: 0,
    round: 0,
    toolResultsOf: new Map(),
    queries: 0,
    roundScores: new Float64Array(64),
    touchedRounds: [],
  };
}

/**
 * Brings `indexed` up to date with the memory and returns the documents to
 * keep (new ones when the history was replaced). With the memory's epochs
 * (`getEpochs`) it costs O(messages appended since the last call) while the
 * memory only appended; the working messages and offload entries are read
 * again when they changed otherwise (a compression, a delete, a cleared
 * entry), and everything is indexed again when the history was replaced
 * (`clear`, `loadState`, `load`, a rebuilt session). A memory without epochs
 * is read again in full on every call.
 */
export function syncSearchDocuments(
  indexed: SearchDocuments,
  memory: ContextSearchMemory,
  createIndex: () => FullTextIndex,
): SearchDocuments {
  const epochs = memory.getEpochs?.();
  const seen = indexed.epochs;
  const current =
    epochs === undefined ||
    seen === undefined ||
    epochs.history !== seen.history
      ? createSearchDocuments(createIndex)
      : indexed;
  const rewritten = current !== indexed || epochs!.state !== seen!.state;
  const count = memory.getOriginalMessageCount();
  for (let position = current.indexedCount; position < count; position++) {
    const message = memory.getOriginalMessageAt(position);
    if (message === undefined) break;
    if (message.role === 'user') current.round++;
    addDocument(current, message, position, '');
    // Only appends since the last sync: each new original is a new working message.
    if (!rewritten) current.working.set(message.id, message);
    current.indexedCount = position + 1;
  }
  if (rewritten) {
    current.working = new Map(
      memory.getMessages().map((message) => [message.id, message]),
    );
    syncOffloadEntries(current, memory.getOffloadContext());
    current.unreachable = new Set();
    for (const id of current.documents.keys()) {
      if (!current.working.has(id) && !current.offloadOf.has(id)) {
        current.unreachable.add(id);
      }
    }
  }
  current.epochs = epochs;
  return current;
}

/** Whether the model can still reach the indexed message `id` (in its context, or behind a reload id). */
export function isReachable(indexed: SearchDocuments, id: string): boolean {
  return indexed.unreachable.size === 0 || !indexed.unreachable.has(id);
}

/** Takes in the offload entries that are new and forgets the ones gone (with their offload-only messages). */
function syncOffloadEntries(
  indexed: SearchDocuments,
  offloads: Readonly<Record<string, readonly Message[]>>,
): void {
  const { offloadMessages, offloadOf, entriesOf, documents } = indexed;
  for (const [offloadId, ids] of offloadMessages) {
    if (offloads[offloadId] !== undefined) continue;
    offloadMessages.delete(offloadId);
    for (const id of ids) {
      const entries = entriesOf.get(id)?.filter((entry) => entry !== offloadId);
      if (entries === undefined || entries.length === 0) {
        entriesOf.delete(id);
        offloadOf.delete(id);
        if (documents.get(id)?.index === undefined && documents.delete(id)) {
          indexed.index.remove(id);
        }
      } else {
        entriesOf.set(id, entries);
        offloadOf.set(id, entries[0]!);
      }
    }
  }
  for (const offloadId of Object.keys(offloads)) {
    if (offloadMessages.has(offloadId)) continue;
    const messages = offloads[offloadId]!;
    offloadMessages.set(
      offloadId,
      messages.map((message) => message.id),
    );
    messages.forEach((message, at) => {
      const entries = entriesOf.get(message.id);
      if (entries === undefined) {
        entriesOf.set(message.id, [offloadId]);
        offloadOf.set(message.id, offloadId);
      } else if (!entries.includes(offloadId)) {
        entries.push(offloadId);
      }
      addDocument(
        indexed,
        message,
        undefined,
        `${offloadId}\u0000${String(at).padStart(10, '0')}`,
      );
    });
  }
}

function addDocument(
  indexed: SearchDocuments,
  message: Message,
  position: number | undefined,
  orderKey: string,
): void {
  const { documents, round, toolResultsOf } = indexed;
  if (message.role === 'system') return;
  const known = documents.get(message.id);
  // An original takes the place of an offload-only message of the same id.
  if (
    known !== undefined &&
    (known.index !== undefined || position === undefined)
  ) {
    return;
  }
  const text = searchableText(message);
  if (text === '') return;
  documents.set(message.id, {
    message,
    text,
    index: position,
    round: position === undefined ? undefined : round,
    roundTool: position !== undefined && message.role === 'tool',
    order: position ?? Number.MAX_SAFE_INTEGER,
    orderKey,
    foundBy: 0,
  });
  indexed.index.add(message.id, text);
  if (position === undefined) return;
  if (message.role === 'tool') {
    const results = toolResultsOf.get(round);
    if (results === undefined) toolResultsOf.set(round, [message.id]);
    else results.push(message.id);
  }
}
