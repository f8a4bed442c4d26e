import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { tokenizeForSearch } from './tokenize-for-search';

/** A scored id from {@link FullTextIndex.search}. */
export interface FullTextMatch {
  readonly id: string;
  readonly score: number;
}

/**
 * An incremental in-memory BM25 index (k1 1.2, b 0.75 by default, times the
 * share of the query's terms a document holds) over `tokenizeForSearch`
 * terms: add and remove cost O(terms of the document), a search O(postings
 * of the query's terms). Pure; holds its own state.
 */
export interface FullTextIndex {
  /** Indexes `text` under `id`, replacing what `id` held. */
  add(id: string, text: string): void;
  /** Removes `id`; whether it was there. */
  remove(id: string): boolean;
  has(id: string): boolean;
  readonly size: number;
  /**
   * Ids whose text holds at least one query term, best first (ties: first
   * added first), at most `limit`, only those `accept` lets through.
   */
  search(
    query: string,
    limit: number,
    accept?: (id: string) => boolean,
  ): FullTextMatch[];
  /**
   * Every id whose text holds at least one query term, with its score, in
   * no particular order (for rankers that combine scores, as
   * `context_search` does). Optional: without it, callers use `search`
   * with a limit of `size`.
   */
  scoreAll?(query: string): FullTextMatch[];
}

/** BM25 parameters of `createFullTextIndex`; both optional. */
export interface CreateFullTextIndexOptions {
  /** BM25 term-frequency saturation. @default 1.2 */
  readonly k1?: number;
  /**
   * BM25 length normalization, 0 (none) to 1 (full). `context_search` uses
   * 0.25: over a session's history, the messages that hold facts (tool calls
   * and results, long replies) are long, and full normalization ranked short
   * chatter above them (`docs/decisions/2026-11-26-retrieval-rounds-and-dates.md`).
   * @default 0.75
   */
  readonly b?: number;
}

/** @throws InvalidArgumentError for `k1` or `b` out of range. */
export function createFullTextIndex({
  k1 = 1.2,
  b = 0.75,
}: CreateFullTextIndexOptions = {}): FullTextIndex {
  if (typeof k1 !== 'number' || !Number.isFinite(k1) || k1 < 0) {
    throw new InvalidArgumentError({
      parameter: 'k1',
      value: k1,
      message: 'must be a finite number of at least 0',
    });
  }
  if (typeof b !== 'number' || !(b >= 0 && b <= 1)) {
    throw new InvalidArgumentError({
      parameter: 'b',
      value: b,
      message: 'must be a number from 0 to 1',
    });
  }
  /** Internal number of each id; numbers are never reused, so they also give insertion order. */
  const numbers = new Map<string, number>();
  const ids: (string | undefined)[] = [];
  const lengths: number[] = [];
  const termsOf: (readonly string[] | undefined)[] = [];
  const postings = new Map<string, Map<number, number>>();
  let totalLength = 0;
  let scores = new Float64Array(64);
  let matched = new Uint16Array(64);

  const remove = (id: string): boolean => {
    const number = numbers.get(id);
    if (number === undefined) return false;
    for (const term of termsOf[number]!) {
      const list = postings.get(term)!;
      list.delete(number);
      if (list.size === 0) postings.delete(term);
    }
    totalLength -= lengths[number]!;
    numbers.delete(id);
    ids[number] = undefined;
    termsOf[number] = undefined;
    return true;
  };

  /**
   * Scores every document holding a query term into `scores` (BM25 times
   * coordination, as Lucene's classic similarity: a document matching more
   * of the query's terms beats one matching a single rare term); returns
   * their numbers. The caller resets `scores` of each number it reads.
   */
  const accumulate = (query: string): number[] => {
    const count = numbers.size;
    if (count === 0) return [];
    if (scores.length < ids.length) {
      scores = new Float64Array(ids.length * 2);
      matched = new Uint16Array(ids.length * 2);
    }
    const averageLength = totalLength / count || 1;
    const touched: number[] = [];
    const terms = new Set(tokenizeForSearch(query));
    for (const term of terms) {
      const list = postings.get(term);
      if (list === undefined) continue;
      const idf = Math.log(1 + (count - list.size + 0.5) / (list.size + 0.5));
      for (const [number, frequency] of list) {
        if (matched[number] === 0) touched.push(number);
        scores[number]! +=
          (idf * frequency * (k1 + 1)) /
          (frequency + k1 * (1 - b + (b * lengths[number]!) / averageLength));
        matched[number]!++;
      }
    }
    for (const number of touched) {
      scores[number] = (scores[number]! * matched[number]!) / terms.size;
      matched[number] = 0;
    }
    return touched;
  };

  return {
    add(id, text) {
      remove(id);
      const tokens = tokenizeForSearch(text);
      const frequencies = new Map<string, number>();
      for (const term of tokens) {
        frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
      }
      const number = ids.length;
      ids.push(id);
      lengths.push(tokens.length);
      termsOf.push([...frequencies.keys()]);
      numbers.set(id, number);
      for (const [term, frequency] of frequencies) {
        let list = postings.get(term);
        if (list === undefined) {
          list = new Map<number, number>();
          postings.set(term, list);
        }
        list.set(number, frequency);
      }
      totalLength += tokens.length;
    },
    remove,
    has: (id) => numbers.has(id),
    get size() {
      return numbers.size;
    },
    search(query, limit, accept) {
      if (limit < 1) return [];
      const touched = accumulate(query);
      // Keep the best `limit` (ties: first added first) without sorting all.
      const best: { number: number; score: number }[] = [];
      for (const number of touched) {
        const score = scores[number]!;
        scores[number] = 0;
        if (accept !== undefined && !accept(ids[number]!)) continue;
        if (best.length === limit) {
          const last = best[limit - 1]!;
          if (
            score < last.score ||
            (score === last.score && number > last.number)
          ) {
            continue;
          }
          best.pop();
        }
        let at = best.length;
        while (
          at > 0 &&
          (best[at - 1]!.score < score ||
            (best[at - 1]!.score === score && best[at - 1]!.number > number))
        ) {
          at--;
        }
        best.splice(at, 0, { number, score });
      }
      return best.map(({ number, score }) => ({ id: ids[number]!, score }));
    },
    scoreAll(query) {
      const touched = accumulate(query);
      const all: FullTextMatch[] = [];
      for (const number of touched) {
        all.push({ id: ids[number]!, score: scores[number]! });
        scores[number] = 0;
      }
      return all;
    },
  };
}
