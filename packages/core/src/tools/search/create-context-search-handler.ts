import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { createFullTextIndex } from '../long-term/create-full-text-index';
import type {
  FullTextIndex,
  FullTextMatch,
} from '../long-term/create-full-text-index';
import { renderMessageForSearch } from '../long-term/render-message-for-search';
import { tokenizeForSearch } from '../long-term/tokenize-for-search';
import type { Message, Role } from '../../vocabulary/message/message';
import {
  CONTEXT_RELOAD_ID_PARAMETER,
  CONTEXT_RELOAD_TOOL_NAME,
} from '../reload/context-reload-tool-definition';
import { LONG_TERM_LIMITS } from '../long-term/long-term-limits';
import {
  CONTEXT_SEARCH_TOOL_NAME,
  MAX_CONTEXT_SEARCH_LIMIT,
} from './context-search-tool-definition';

/** What the handler reads from a memory (`AutoContextMemory` fits). */
export interface ContextSearchMemory {
  readonly sessionId: string;
  getOriginalMessageCount(): number;
  getOriginalMessageAt(index: number): Message | undefined;
  getOffloadContext(): Readonly<Record<string, readonly Message[]>>;
  /** The working messages (to tell which hits the model still sees). */
  getMessages(): readonly Message[];
}

/** One message found by `context_search`. */
export interface ContextSearchHit {
  readonly messageId: string;
  readonly role: Role;
  /** Position in the original history; `undefined` for a message only found in an offload entry. */
  readonly index: number | undefined;
  /** A short excerpt around the best-matching words. */
  readonly snippet: string;
  /** The offload entry holding the original, for `context_reload`; `undefined` when none does. */
  readonly offloadId: string | undefined;
  /** Whether the message is still in the working context unchanged. */
  readonly visible: boolean;
  readonly score: number;
}

export interface CreateContextSearchHandlerOptions {
  /** Longest snippet, in characters. @default 240 */
  readonly maxSnippetChars?: number;
  /** Hits when the model gives no limit. @default 5 */
  readonly defaultLimit?: number;
  /**
   * Makes the full-text index (e.g. over another engine, see
   * `bench/retrieval-engines.ts`).
   * @default () => createFullTextIndex({ b: CONTEXT_SEARCH_BM25_B })
   */
  readonly createIndex?: () => FullTextIndex;
  /**
   * Scores each tool result by its own words plus the best score of the
   * user and assistant messages of its round (from a user message to the
   * next): a tool result's JSON rarely shares the words of a request, the
   * request and the replies around it do. Off: plain BM25 per message.
   * @default true
   */
  readonly scoreToolResultsByRound?: boolean;
}

/**
 * The `context_search` tool's handler: call it with the model's parsed
 * arguments (`{ query, limit? }`); it answers with text and never rejects.
 * `search` gives the same hits as data.
 */
export interface ContextSearchHandler {
  (input: unknown): Promise<string>;
  search(query: string, limit?: number): readonly ContextSearchHit[];
}

interface IndexedMessage {
  readonly message: Message;
  readonly text: string;
  readonly index: number | undefined;
  /** Order indexed (ties rank the earlier first). */
  readonly order: number;
  /** Round of the original history (count of user messages up to it); `undefined` for an offload-only message. */
  readonly round: number | undefined;
}

/**
 * Searches the memory's own session: every original message and every
 * message held by an offload entry, by BM25 full text; a tool result also
 * scores the best score of its round's user and assistant messages (see
 * `scoreToolResultsByRound`). The index is built
 * incrementally: each call indexes only the original messages added since the
 * last call (and offload entries it has not seen), so a turn costs
 * O(new messages) plus a pass over the offload ids; a history that was
 * replaced (`loadState`) is re-indexed from scratch. Scoped to the session:
 * it never reads another memory.
 *
 * @throws InvalidArgumentError (at creation) for a missing memory or
 * options out of range.
 */
export function createContextSearchHandler(
  memory: ContextSearchMemory,
  {
    maxSnippetChars = 240,
    defaultLimit = 5,
    createIndex = createContextSearchIndex,
    scoreToolResultsByRound = true,
  }: CreateContextSearchHandlerOptions = {},
): ContextSearchHandler {
  if (
    memory == null ||
    typeof memory.getOriginalMessageCount !== 'function' ||
    typeof memory.getOriginalMessageAt !== 'function' ||
    typeof memory.getOffloadContext !== 'function' ||
    typeof memory.getMessages !== 'function'
  ) {
    throw new InvalidArgumentError({
      parameter: 'memory',
      value: memory,
      message:
        'must be a memory with getOriginalMessageCount, getOriginalMessageAt, getOffloadContext and getMessages (an AutoContextMemory)',
    });
  }
  if (!Number.isInteger(maxSnippetChars) || maxSnippetChars < 40) {
    throw new InvalidArgumentError({
      parameter: 'maxSnippetChars',
      value: maxSnippetChars,
      message: 'must be an integer of at least 40',
    });
  }
  if (
    !Number.isInteger(defaultLimit) ||
    defaultLimit < 1 ||
    defaultLimit > MAX_CONTEXT_SEARCH_LIMIT
  ) {
    throw new InvalidArgumentError({
      parameter: 'defaultLimit',
      value: defaultLimit,
      message: `must be an integer from 1 to ${MAX_CONTEXT_SEARCH_LIMIT}`,
    });
  }

  let index: FullTextIndex = createIndex();
  let documents = new Map<string, IndexedMessage>();
  /** message id → the offload entry holding it. */
  let offloadOf = new Map<string, string>();
  let offloadMessages = new Map<string, readonly string[]>();
  let indexedCount = 0;
  let lastIndexedId: string | undefined;
  /** Rounds of the original history: a round starts at each user message. */
  let round = 0;
  let toolResultsOf = new Map<number, string[]>();

  const reset = () => {
    index = createIndex();
    documents = new Map();
    offloadOf = new Map();
    offloadMessages = new Map();
    indexedCount = 0;
    lastIndexedId = undefined;
    round = 0;
    toolResultsOf = new Map();
  };

  const addDocument = (message: Message, position: number | undefined) => {
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
    index.add(message.id, text);
    if (position === undefined) return;
    if (message.role === 'tool') {
      const results = toolResultsOf.get(round);
      if (results === undefined) toolResultsOf.set(round, [message.id]);
      else results.push(message.id);
    }
  };

  /**
   * The best `limit` matches, each tool result scored by its own words plus
   * the best score of its round's user and assistant messages. Ties: a
   * message holding query words first, then the one indexed first.
   */
  const rank = (text: string, limit: number): FullTextMatch[] => {
    if (!scoreToolResultsByRound) return index.search(text, limit);
    const matches =
      index.scoreAll?.(text) ?? index.search(text, Math.max(index.size, 1));
    const found: (IndexedMessage | undefined)[] = [];
    const roundBest = new Map<number, number>();
    const toolsFound = new Set<string>();
    for (const { id, score } of matches) {
      const document = documents.get(id);
      found.push(document);
      if (document === undefined || document.round === undefined) continue;
      if (document.message.role === 'tool') toolsFound.add(id);
      else if (score > (roundBest.get(document.round) ?? 0)) {
        roundBest.set(document.round, score);
      }
    }
    const best: Ranked[] = [];
    for (let at = 0; at < matches.length; at++) {
      const document = found[at];
      if (document === undefined) continue;
      const add =
        document.round === undefined || document.message.role !== 'tool'
          ? 0
          : (roundBest.get(document.round) ?? 0);
      keepBest(
        best,
        limit,
        matches[at]!.id,
        matches[at]!.score + add,
        1,
        document.order,
      );
    }
    // A round's tool results without query words all score its best: only
    // the first `limit` of them can make the cut.
    for (const [round, add] of roundBest) {
      let taken = 0;
      for (const id of toolResultsOf.get(round) ?? []) {
        if (taken === limit) break;
        if (toolsFound.has(id)) continue;
        taken++;
        keepBest(best, limit, id, add, 0, documents.get(id)!.order);
      }
    }
    return best.map(({ id, score }) => ({ id, score }));
  };

  const sync = () => {
    const count = memory.getOriginalMessageCount();
    if (
      count < indexedCount ||
      (indexedCount > 0 &&
        memory.getOriginalMessageAt(indexedCount - 1)?.id !== lastIndexedId)
    ) {
      reset();
    }
    for (let position = indexedCount; position < count; position++) {
      const message = memory.getOriginalMessageAt(position);
      if (message === undefined) break;
      if (message.role === 'user') round++;
      addDocument(message, position);
      indexedCount = position + 1;
      lastIndexedId = message.id;
    }
    const offloads = memory.getOffloadContext();
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
        addDocument(message, undefined);
      }
    }
  };

  const search = (query: string, limit = defaultLimit): ContextSearchHit[] => {
    if (typeof query !== 'string') {
      throw new InvalidArgumentError({
        parameter: 'query',
        value: query,
        message: 'must be a string',
      });
    }
    if (
      !Number.isInteger(limit) ||
      limit < 1 ||
      limit > MAX_CONTEXT_SEARCH_LIMIT
    ) {
      throw new InvalidArgumentError({
        parameter: 'limit',
        value: limit,
        message: `must be an integer from 1 to ${MAX_CONTEXT_SEARCH_LIMIT}`,
      });
    }
    sync();
    const text = query.slice(0, LONG_TERM_LIMITS.maxQueryChars);
    const matches = rank(text, limit);
    if (matches.length === 0) return [];
    const working = new Map(
      memory.getMessages().map((message) => [message.id, message]),
    );
    const terms = [...new Set(tokenizeForSearch(text))];
    return matches.map(({ id, score }) => {
      const document = documents.get(id)!;
      const seen = working.get(id);
      const visible =
        seen !== undefined &&
        (seen === document.message || searchableText(seen) === document.text);
      return {
        messageId: id,
        role: document.message.role,
        index: document.index,
        snippet: makeSnippet(document.text, terms, maxSnippetChars),
        offloadId: offloadOf.get(id),
        visible,
        score,
      };
    });
  };

  const answer = (input: unknown): string => {
    const usage = `Call ${CONTEXT_SEARCH_TOOL_NAME} with {"query": "<words, names or ids>"}.`;
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      return `Error: the arguments must be an object. ${usage}`;
    }
    const { query, limit } = input as Record<string, unknown>;
    if (typeof query !== 'string' || query.trim() === '') {
      return `Error: query is required. ${usage}`;
    }
    let count = defaultLimit;
    if (limit !== undefined && limit !== null) {
      if (
        typeof limit !== 'number' ||
        !Number.isInteger(limit) ||
        limit < 1 ||
        limit > MAX_CONTEXT_SEARCH_LIMIT
      ) {
        return `Error: limit must be a whole number from 1 to ${MAX_CONTEXT_SEARCH_LIMIT}. Omit it for ${defaultLimit}.`;
      }
      count = limit;
    }
    let hits: readonly ContextSearchHit[];
    try {
      hits = search(query, count);
    } catch (error) {
      return `Error searching the conversation: ${error instanceof Error ? error.message : String(error)}`;
    }
    const shownQuery = JSON.stringify(
      query.length > 100 ? `${query.slice(0, 100)}…` : query,
    );
    if (hits.length === 0) {
      return `No earlier message matches ${shownQuery}. Try other words, a name or an id.`;
    }
    const lines = [
      `${hits.length} earlier message${hits.length === 1 ? ' matches' : 's match'} ${shownQuery}, best first:`,
    ];
    hits.forEach((hit, position) => {
      const where = hit.visible
        ? 'still in your context'
        : hit.offloadId !== undefined
          ? `compressed; full text: ${CONTEXT_RELOAD_TOOL_NAME} with ${CONTEXT_RELOAD_ID_PARAMETER} ${JSON.stringify(hit.offloadId)}`
          : 'compressed; no full text to reload';
      lines.push(
        `[${position + 1}] ${hit.role} message${hit.index === undefined ? '' : ` #${hit.index + 1}`} (${where}):\n${hit.snippet}`,
      );
    });
    return lines.join('\n');
  };

  const handler = (input: unknown): Promise<string> =>
    Promise.resolve(answer(input));
  return Object.assign(handler, { search });
}

/**
 * BM25 length normalization of `context_search`'s default index: a session's
 * fact-holding messages (tool calls and results) are long, and full
 * normalization (0.75) ranked short chatter above them (ADR
 * 2026-11-26-retrieval-rounds-and-dates).
 */
const CONTEXT_SEARCH_BM25_B = 0.25;

const createContextSearchIndex = () =>
  createFullTextIndex({ b: CONTEXT_SEARCH_BM25_B });

interface Ranked {
  readonly id: string;
  readonly score: number;
  /** 1 when the message holds query words, 0 when its score is only its round's. */
  readonly own: number;
  readonly order: number;
}

/** Whether a match (`score`, `own`, `order`) ranks before `other`: higher score, then holding query words, then indexed first. */
function ranksBefore(
  score: number,
  own: number,
  order: number,
  other: Ranked,
): boolean {
  return (
    score > other.score ||
    (score === other.score &&
      (own > other.own || (own === other.own && order < other.order)))
  );
}

/** Inserts a match into `best` (sorted, at most `limit` long) if it makes the cut. */
function keepBest(
  best: Ranked[],
  limit: number,
  id: string,
  score: number,
  own: number,
  order: number,
): void {
  if (best.length === limit) {
    if (!ranksBefore(score, own, order, best[limit - 1]!)) return;
    best.pop();
  }
  let at = best.length;
  while (at > 0 && ranksBefore(score, own, order, best[at - 1]!)) at--;
  best.splice(at, 0, { id, score, own, order });
}

/** An excerpt of at most `max` characters around the window holding the most distinct query terms. */
function makeSnippet(
  text: string,
  terms: readonly string[],
  max: number,
): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const lower = flat.toLowerCase();
  const positions: { at: number; term: number }[] = [];
  terms.forEach((term, termIndex) => {
    let from = 0;
    for (let found = 0; found < 50; found++) {
      const at = lower.indexOf(term, from);
      if (at < 0) break;
      positions.push({ at, term: termIndex });
      from = at + term.length;
    }
  });
  let start = 0;
  if (positions.length > 0) {
    // Windows start `max / 3` before each position, in increasing order, so
    // their starts and ends only grow: a position is inside from the first
    // window ending after it until the first window starting after it. Two
    // sweeps keep the count of distinct terms inside, O(P log P) in all.
    positions.sort((a, b) => a.at - b.at);
    const ends = positions.map((p, order) => ({
      end: p.at + terms[p.term]!.length,
      order,
    }));
    ends.sort((a, b) => a.end - b.end || a.order - b.order);
    const state = new Uint8Array(positions.length); // 1 inside, 2 gone
    const counts = new Array<number>(terms.length).fill(0);
    let covered = 0;
    let entered = 0;
    let left = 0;
    let best = -1;
    for (const { at } of positions) {
      const windowStart = Math.max(0, at - Math.floor(max / 3));
      const windowEnd = windowStart + max - 2;
      while (left < positions.length && positions[left]!.at < windowStart) {
        const term = positions[left]!.term;
        if (state[left] === 1 && --counts[term]! === 0) covered--;
        state[left++] = 2;
      }
      while (entered < ends.length && ends[entered]!.end <= windowEnd) {
        const order = ends[entered++]!.order;
        if (state[order] === 2) continue;
        state[order] = 1;
        if (counts[positions[order]!.term]!++ === 0) covered++;
      }
      if (covered > best) {
        best = covered;
        start = windowStart;
      }
    }
  }
  start = Math.min(start, Math.max(0, flat.length - (max - 2)));
  const end = Math.min(flat.length, start + max - 2);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

/** ACM's own tools: their calls and results repeat what a search finds (or the query itself). */
const OWN_TOOLS = new Set([CONTEXT_SEARCH_TOOL_NAME, CONTEXT_RELOAD_TOOL_NAME]);

/**
 * The text a message is indexed by: calls of `context_search` and
 * `context_reload` and their results are left out, so a search never returns
 * its own earlier calls or a reload's copy of content it already indexes.
 */
function searchableText(message: Message): string {
  const content = message.content.filter(
    (part) =>
      (part.type !== 'tool-call' && part.type !== 'tool-result') ||
      !OWN_TOOLS.has(part.toolName),
  );
  return content.length === message.content.length
    ? renderMessageForSearch(message)
    : renderMessageForSearch({ ...message, content });
}
