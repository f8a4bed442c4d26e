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

interface Document {
  readonly order: number;
  readonly length: number;
  readonly terms: ReadonlyMap<string, number>;
}

export function createFullTextIndex(): FullTextIndex {
  const documents = new Map<string, Document>();
  const postings = new Map<string, Map<string, number>>();
  let totalLength = 0;
  let nextOrder = 0;

  const remove = (id: string): boolean => {
    const document = documents.get(id);
    if (document === undefined) return false;
    for (const term of document.terms.keys()) {
      const list = postings.get(term)!;
      list.delete(id);
      if (list.size === 0) postings.delete(term);
    }
    totalLength -= document.length;
    documents.delete(id);
    return true;
  };

  return {
    add(id, text) {
      remove(id);
      const tokens = tokenizeForSearch(text);
      const terms = new Map<string, number>();
      for (const term of tokens) terms.set(term, (terms.get(term) ?? 0) + 1);
      for (const [term, frequency] of terms) {
        let list = postings.get(term);
        if (list === undefined) {
          list = new Map<string, number>();
          postings.set(term, list);
        }
        list.set(id, frequency);
      }
      documents.set(id, { order: nextOrder++, length: tokens.length, terms });
      totalLength += tokens.length;
    },
    remove,
    has: (id) => documents.has(id),
    get size() {
      return documents.size;
    },
    search(query, limit, accept) {
      const count = documents.size;
      if (count === 0 || limit < 1) return [];
      const averageLength = totalLength / count || 1;
      const scores = new Map<string, number>();
      const matched = new Map<string, number>();
      const terms = new Set(tokenizeForSearch(query));
      for (const term of terms) {
        const list = postings.get(term);
        if (list === undefined) continue;
        const idf = Math.log(1 + (count - list.size + 0.5) / (list.size + 0.5));
        for (const [id, frequency] of list) {
          if (accept !== undefined && !accept(id)) continue;
          const length = documents.get(id)!.length;
          const score =
            (idf * frequency * 2.2) /
            (frequency + 1.2 * (0.25 + (0.75 * length) / averageLength));
          scores.set(id, (scores.get(id) ?? 0) + score);
          matched.set(id, (matched.get(id) ?? 0) + 1);
        }
      }
      // Coordination (as Lucene's classic similarity): a document matching
      // more of the query's terms beats one matching a single rare term.
      return [...scores]
        .map(([id, score]) => ({
          id,
          score: (score * matched.get(id)!) / terms.size,
          order: documents.get(id)!.order,
        }))
        .sort((a, b) => b.score - a.score || a.order - b.order)
        .slice(0, limit)
        .map(({ id, score }) => ({ id, score }));
    },
  };
}
