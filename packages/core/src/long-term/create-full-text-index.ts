import { tokenizeForSearch } from './tokenize-for-search';

/** A scored id from {@link FullTextIndex.search}. */
export interface FullTextMatch {
  readonly id: string;
  readonly score: number;
}

/**
 * An incremental in-memory BM25 index (k1 1.2, b 0.75, times the share of
 * the query's terms a document holds) over `tokenizeForSearch` terms: add and remove cost O(terms of the document),
 * a search O(postings of the query's terms). Pure; holds its own state.
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
}

export function createFullTextIndex(): FullTextIndex {
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
      const count = numbers.size;
      if (count === 0 || limit < 1) return [];
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
            (idf * frequency * 2.2) /
            (frequency +
              1.2 * (0.25 + (0.75 * lengths[number]!) / averageLength));
          matched[number]!++;
        }
      }
      // Coordination (as Lucene's classic similarity): a document matching
      // more of the query's terms beats one matching a single rare term.
      // Keep the best `limit` (ties: first added first) without sorting all.
      const best: { number: number; score: number }[] = [];
      for (const number of touched) {
        const score = (scores[number]! * matched[number]!) / terms.size;
        scores[number] = 0;
        matched[number] = 0;
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
  };
}
