import type { FullTextMatch } from '../long-term/create-full-text-index';
import type { IndexedMessage, SearchDocuments } from './search-documents';

/**
 * The best `limit` matches of `text`, each tool result scored by its own
 * words plus the best score of its round's user and assistant messages (or
 * plain full-text scores when `scoreToolResultsByRound` is off). Ties: a
 * message holding query words first, then the one indexed first.
 */
export function rankSearchMatches(
  { index, documents, toolResultsOf }: SearchDocuments,
  text: string,
  limit: number,
  scoreToolResultsByRound: boolean,
): FullTextMatch[] {
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
}

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
