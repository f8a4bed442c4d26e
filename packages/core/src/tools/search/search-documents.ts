import type { Message } from '../../vocabulary/message/message';
import type { FullTextIndex } from '../long-term/create-full-text-index';
import type { ContextSearchMemory } from './context-search-memory';
import { searchableText } from './searchable-text';

/** A message indexed for `context_search`. */
export interface IndexedMessage {
  readonly message: Message;
  readonly text: string;
  readonly index: number | undefined;
  /** Order indexed (ties rank the earlier first). */
  readonly order: number;
  /** Round of the original history (count of user messages up to it); `undefined` for an offload-only message. */
  readonly round: number | undefined;
}

/**
 * What `context_search` has indexed of a memory's session, kept between
 * calls so that each call indexes only what is new. `syncSearchDocuments`
 * updates it in place, or starts a new one when the history was replaced.
 */
export interface SearchDocuments {
  readonly index: FullTextIndex;
  readonly documents: Map<string, IndexedMessage>;
  /** message id → the offload entry holding it. */
  readonly offloadOf: Map<string, string>;
  readonly offloadMessages: Map<string, readonly string[]>;
  indexedCount: number;
  lastIndexedId: string | undefined;
  /** Rounds of the original history: a round starts at each user message. */
  round: number;
  readonly toolResultsOf: Map<number, string[]>;
}

/** Nothing indexed yet, over a new full-text index. */
export function createSearchDocuments(
  createIndex: () => FullTextIndex,
): SearchDocuments {
  return {
    index: createIndex(),
    documents: new Map(),
    offloadOf: new Map(),
    offloadMessages: new Map(),
    indexedCount: 0,
    lastIndexedId: undefined,
    round: 0,
    toolResultsOf: new Map(),
  };
}

/**
 * Brings `indexed` up to date with the memory: the original messages added
 * since the last call, and the offload entries it has not seen (forgetting
 * the ones gone). A history that was replaced (`loadState`) is indexed again
 * from scratch, into new documents. Returns the documents to keep.
 */
export function syncSearchDocuments(
  indexed: SearchDocuments,
  memory: ContextSearchMemory,
  createIndex: () => FullTextIndex,
): SearchDocuments {
  let current = indexed;
  const count = memory.getOriginalMessageCount();
  if (
    count < current.indexedCount ||
    (current.indexedCount > 0 &&
      memory.getOriginalMessageAt(current.indexedCount - 1)?.id !==
        current.lastIndexedId)
  ) {
    current = createSearchDocuments(createIndex);
  }
  for (let position = current.indexedCount; position < count; position++) {
    const message = memory.getOriginalMessageAt(position);
    if (message === undefined) break;
    if (message.role === 'user') current.round++;
    addDocument(current, message, position);
    current.indexedCount = position + 1;
    current.lastIndexedId = message.id;
  }
  const offloads = memory.getOffloadContext();
  const { offloadMessages, offloadOf } = current;
  for (const [offloadId, ids] of offloadMessages) {
    if (offloads[offloadId] !== undefined) continue;
    offloadMessages.delete(offloadId);
    for (const id of ids) {
      if (offloadOf.get(id) === offloadId) offloadOf.delete(id);
    }
  }
  for (const offloadId of Object.keys(offloads)) {
    if (offloadMessages.has(offloadId)) continue;
    const messages = offloads[offloadId]!;
    offloadMessages.set(
      offloadId,
      messages.map((message) => message.id),
    );
    for (const message of messages) {
      if (!offloadOf.has(message.id)) offloadOf.set(message.id, offloadId);
      addDocument(current, message, undefined);
    }
  }
  return current;
}

function addDocument(
  indexed: SearchDocuments,
  message: Message,
  position: number | undefined,
): void {
  const { documents, round, toolResultsOf } = indexed;
  if (message.role === 'system' || documents.has(message.id)) return;
  const text = searchableText(message);
  if (text === '') return;
  documents.set(message.id, {
    message,
    text,
    index: position,
    order: documents.size,
    round: position === undefined ? undefined : round,
  });
  indexed.index.add(message.id, text);
  if (position === undefined) return;
  if (message.role === 'tool') {
    const results = toolResultsOf.get(round);
    if (results === undefined) toolResultsOf.set(round, [message.id]);
    else results.push(message.id);
  }
}
