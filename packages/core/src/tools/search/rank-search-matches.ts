import type { FullTextMatch } from '../long-term/create-full-text-index';
import { isReachable } from './search-documents';
import type { IndexedMessage, SearchDocuments } from './search-documents';

/**
 * The best `limit` matches of `text` among the messages the model can still
 * reach, each tool result scored by its own words plus the best score of its
 * round's user and assistant messages (or plain full-text scores when
 * `scoreToolResultsByRound` is off). Ties: a message holding query words
 * first, then the earlier one (`IndexedMessage.order`). Costs O(matches of
 * the query's terms), never O(history): two passes over the matches with
 * no allocation per match (round scores and "found" marks live in scratch
 * space kept with the documents), and only the rounds whose best score can
 * still make the cut are visited for their tool results.
 */
export function rankSearchMatches(
  indexed: SearchDocuments,
  text: string,
  limit: number,
  scoreToolResultsByRound: boolean,
): FullTextMatch[] {
  const { index, documents, toolResultsOf, touchedRounds } = indexed;
  const matches =
    index.scoreAll?.(text) ?? index.search(text, Math.max(index.size, 1));
  const query = ++indexed.queries;
  if (indexed.roundScores.length <= indexed.round) {
    indexed.roundScores = new Float64Array((indexed.round + 1) * 2);
  }
  const roundScores = indexed.roundScores;
  const found: (IndexedMessage | undefined)[] = [];
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
    if (document.roundTool) document.foundBy = query;
    else if (score > roundScores[document.round]!) {
      if (roundScores[document.round] === 0) touchedRounds.push(document.round);
      roundScores[document.round] = score;
    }
  }
  const best = new Best(limit);
  for (let at = 0; at < matches.length; at++) {
    const document = found[at];
    if (document === undefined) continue;
    const add = document.roundTool ? roundScores[document.round!]! : 0;
    best.offer(matches[at]!.id, matches[at]!.score + add, 1, document);
  }
  // A round's tool results without query words all score its best: only
  // rounds that can still make the cut, and only the first `limit`
  // reachable ones of each.
  for (const round of touchedRounds) {
    const add = roundScores[round]!;
    roundScores[round] = 0;
    if (!best.mayTake(add)) continue;
    let taken = 0;
    for (const id of toolResultsOf.get(round) ?? []) {
      if (taken === limit) break;
      const document = documents.get(id)!;
      if (document.foundBy === query || !isReachable(indexed, id)) continue;
      taken++;
      best.offer(id, add, 0, document);
    }
  }
  touchedRounds.length = 0;
  return best.ranked.map(({ id, score }) => ({ id, score }));
}

interface Ranked {
  readonly id: string;
  readonly score: number;
  /** 1 when the message holds query words, 0 when its score is only its round's. */
  readonly own: number;
  readonly document: IndexedMessage;
}

/** The best `limit` matches so far, best first (nothing is allocated for a match that misses the cut). */
class Best {
  readonly ranked: Ranked[] = [];
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Whether a match scoring `score` might still make the cut (ties decided later). */
  mayTake(score: number): boolean {
    return (
      this.ranked.length < this.#limit ||
      score >= this.ranked[this.#limit - 1]!.score
    );
  }

  offer(id: string, score: number, own: number, document: IndexedMessage) {
    const { ranked } = this;
    const full = ranked.length === this.#limit;
    if (full && !ranksBefore(score, own, document, ranked[this.#limit - 1]!)) {
      return;
    }
    if (full) ranked.pop();
    let at = ranked.length;
    while (at > 0 && ranksBefore(score, own, document, ranked[at - 1]!)) at--;
    ranked.splice(at, 0, { id, score, own, document });
  }
}

/** Whether a match ranks before `other`: higher score, then holding query words, then earlier. */
function ranksBefore(
  score: number,
  own: number,
  document: IndexedMessage,
  other: Ranked,
): boolean {
  if (score !== other.score) return score > other.score;
  if (own !== other.own) return own > other.own;
  if (document.order !== other.document.order) {
    return document.order < other.document.order;
  }
  return document.orderKey < other.document.orderKey;
}
