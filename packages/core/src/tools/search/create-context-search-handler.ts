import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { createFullTextIndex } from '../long-term/create-full-text-index';
import type { FullTextIndex } from '../long-term/create-full-text-index';
import { LONG_TERM_LIMITS } from '../long-term/long-term-limits';
import { tokenizeForSearch } from '../long-term/tokenize-for-search';
import { answerContextSearch } from './answer-context-search';
import type { ContextSearchHit } from './context-search-hit';
import type { ContextSearchMemory } from './context-search-memory';
import { MAX_CONTEXT_SEARCH_LIMIT } from './context-search-tool-definition';
import { makeSearchSnippet } from './make-search-snippet';
import { rankSearchMatches } from './rank-search-matches';
import { createSearchDocuments, syncSearchDocuments } from './search-documents';
import { searchableText } from './searchable-text';

export type { ContextSearchHit } from './context-search-hit';
export type { ContextSearchMemory } from './context-search-memory';

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
  /**
   * Brings the index up to date with the memory now, in O(what changed
   * since the last call): call it as messages are added (the session layer
   * does after every managed call of a session it indexes) so that a search
   * never has to index a long history at once. `search` calls it first.
   */
  sync(): void;
}

/**
 * Searches the memory's own session: every original message and every
 * message held by an offload entry, by BM25 full text; a tool result also
 * scores the best score of its round's user and assistant messages (see
 * `scoreToolResultsByRound`). Only what the model can still reach is
 * returned: a message in its context or behind a reload id; a deleted
 * message, one behind a cleared entry, and anything of a history that was
 * cleared or replaced never is.
 *
 * The index is derived from the memory and follows it by its epochs
 * (`getEpochs`): each call (or `sync()`) indexes only the original messages
 * added since the last one; the working messages and offload entries are
 * read again only when something other than an append changed them; a
 * replaced history (`clear`, `loadState`, `load`, a rebuilt session) is
 * indexed again from scratch. A query then costs O(matches of its terms).
 * Scoped to the session: it never reads another memory.
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
  assertSearchLimit('defaultLimit', defaultLimit);

  let indexed = createSearchDocuments(createIndex);
  const sync = (): void => {
    indexed = syncSearchDocuments(indexed, memory, createIndex);
  };

  const search = (query: string, limit = defaultLimit): ContextSearchHit[] => {
    if (typeof query !== 'string') {
      throw new InvalidArgumentError({
        parameter: 'query',
        value: query,
        message: 'must be a string',
      });
    }
    assertSearchLimit('limit', limit);
    sync();
    const text = query.slice(0, LONG_TERM_LIMITS.maxQueryChars);
    const matches = rankSearchMatches(
      indexed,
      text,
      limit,
      scoreToolResultsByRound,
    );
    if (matches.length === 0) return [];
    const { documents, offloadOf, working } = indexed;
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
        snippet: makeSearchSnippet(document.text, terms, maxSnippetChars),
        offloadId: offloadOf.get(id),
        visible,
        score,
      };
    });
  };

  const handler = (input: unknown): Promise<string> =>
    Promise.resolve(answerContextSearch(input, search, defaultLimit));
  return Object.assign(handler, { search, sync });
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

/** Throws unless `value` is a whole number of hits `context_search` may return. */
function assertSearchLimit(parameter: string, value: number): void {
  if (
    !Number.isInteger(value) ||
    value < 1 ||
    value > MAX_CONTEXT_SEARCH_LIMIT
  ) {
    throw new InvalidArgumentError({
      parameter,
      value,
      message: `must be an integer from 1 to ${MAX_CONTEXT_SEARCH_LIMIT}`,
    });
  }
}
