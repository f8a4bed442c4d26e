import type { FullTextMatch } from '../long-term/create-full-text-index';
import { isReachable } from './search-documents';
import type { IndexedMessage, SearchDocuments } from './search-documents';

/**
 * The best `limit` matches of `text` among the messages the model can still
 * reach, each tool result scored by its own words plus the best score of its
 * round's user and assistant messages (or plain full-text scores when
 * `scoreToolResultsByRound` is off). Ties: a message holding query words
 * first, then the earlier one (`IndexedMessage.order`). Costs O(matches of
 * the query's terms), never O(history).
 */
export function rankSearchMatches(
  indexed: SearchDocuments,
  text: string,
  limit: number,
  scoreToolResultsByRound: boolean,
): FullTextMatch[] {
  const { index, documents, toolResultsOf } = indexed;
  const matches =
    index.scoreAll?.(text) ?? index.search(text, Math.max(index.size, 1));
  const found: (IndexedMessage | undefined)[] = [];
  const roundBest = new Map<number, number>();
  const toolsFound = new Set<string>();
  for (const { id, score } of matches) {
    const document = isReachable(indexed, id) ? documents.get(id) : undefined;
    found.push(document);
    if (
      document === undefined ||
      document.round === undefined ||
      !scoreToolResultsByRound
    ) {
      continue;
    }
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
    keepBest(best, limit, {
      id: matches[at]!.id,
      score: matches[at]!.score + add,
      own: 1,
      document,
    });
  }
  // A round's tool results without query words all score its best: only
  // the first `limit` reachable ones of them can make the cut.
  for (const [round, add] of roundBest) {
    let taken = 0;
    for (const id of toolResultsOf.get(round) ?? []) {
      if (taken === limit) break;
      if (toolsFound.has(id) || !isReachable(indexed, id)) continue;
      taken++;
      keepBest(best, limit, {
        id,
        score: add,
        own: 0,
        document: documents.get(id)!,
      });
    }
  }
  return best.map(({ id, score }) => ({ id, score }));
}

interface Ranked {
  readonly id: string;
  readonly score: number;
  /** 1 when the message holds query words, 0 when its score is only its round's. */
  readonly own: number;
  readonly document: IndexedMessage;
}

/** Whether `match` ranks before `other`: higher score, then holding query words, then earlier. */
function ranksBefore(match: Ranked, other: Ranked): boolean {
  if (match.score !== other.score) return match.score > other.score;
  if (match.own !== other.own) return match.own > other.own;
  const { document } = match;
  if (document.order !== other.document.order) {
    return document.order < other.document.order;
  }
  return document.orderKey < other.document.orderKey;
}

/** Inserts a match into `best` (sorted, at most `limit` long) if it makes the cut. */
function keepBest(best: Ranked[], limit: number, match: Ranked): void {
  if (best.length === limit) {
    if (!ranksBefore(match, best[limit - 1]!)) return;
    best.pop();
  }
  let at = best.length;
  while (at > 0 && ranksBefore(match, best[at - 1]!)) at--;
  best.splice(at, 0, match);
}
