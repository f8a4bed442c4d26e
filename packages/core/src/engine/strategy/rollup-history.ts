import type { Round } from '../../state/conversation/analyze-conversation';
import { getAcmMarker } from '../../vocabulary/message/acm-marker';
import type {
  CompressionPlan,
  Strategy,
  StrategyContext,
} from './compression-plan';
import { extendOverPrefix } from './extend-over-prefix';
import { flattenFoldedSpan } from './flatten-folded-span';
import { planRollup } from './plan-rollup';
import { resizeWorkingSummary } from './resize-working-summary';
import {
  isClosedRound,
  isRangeFrozen,
  isRollupMessage,
} from './strategy-guards';
import { MIN_ROLLUP_MESSAGES } from './tuning';

/**
 * Folds old closed rounds into one rolling summary (PR #1514's R1). Runs under
 * message-count or token pressure.
 *
 * Window: the current round, plus older rounds walked back from it. Under
 * message-count pressure, until at least `historyRollupKeepRecentRounds`
 * closed rounds are kept **and** the kept messages count at least
 * `historyRollupKeepRecentTokens` tokens. Under token pressure alone, the
 * recent rounds that fit within `historyRollupKeepRecentTokens` (a small
 * budget is not spent on history). A round is
 * closed when it holds a final answer or ACM output standing for one (a round
 * summary, a stubbed or summarized answer); see `isClosedRound`.
 *
 * Block: the closed rounds right before the window that are contiguous (an
 * unclosed round or a round holding a system, protected or in-flight message
 * ends it), plus any working summary (rollup or last-resort fold) right
 * before it. When the block reaches the first round (or is empty and the
 * first round is in the window), the messages before the first round are
 * history too and join it: an opening greeting, or what an earlier fold left
 * of a round whose user message it took. Blocks that stand for fewer than
 * `MIN_ROLLUP_MESSAGES` messages (an earlier fold counts as the originals
 * behind it) are left alone.
 *
 * Merge (flat, `flattenFoldedSpan`): an earlier working summary inside or
 * right before the block is replaced, not nested; the new generation is its
 * generation + 1. The new offload entry holds the **original** messages: every
 * ACM message of the block whose entry is known is replaced by that entry's
 * messages, so every original is one reload from the rollup (the earlier
 * entries stay too; a serialized state shares the messages they hold with
 * `original` instead of copying them).
 *
 * Output (role choice): the block becomes two messages, both marked
 * `{ kind: 'rollup', strategy: 'rollupHistory', offloadId, generation }`:
 * 1. a user message with the text `ROLLUP_USER_TEXT`;
 * 2. an assistant message `composeSummaryText({ summary, note, ledger, offloadId })`
 *    whose marker also carries `ledger` and `replaces`.
 * The pair is followed by the window's first message, a user turn, so the
 * conversation keeps alternating user / assistant and its non-system part never
 * starts with an assistant message; neither message opens a round nor counts as
 * a final answer. Ids: offload id, then the user message's, then the assistant's.
 *
 * Summarizer input (incremental, `collectSummaryInput`): the block with plan
 * tools filtered out pairwise, ACM opener messages left out and earlier
 * working summaries reduced to their body (no fold header, ledger or tag),
 * plus the originals a last-resort fold lists as unseen by any summarizer:
 * the originals behind an earlier summary are not read again, so each
 * original reaches the summarizer about once over a session. With
 * `context.resummarize` (an explicit request), earlier summaries are read
 * from their originals, and a block that is one working summary alone is
 * written again. The ledger is the replaced summaries' ledgers merged with
 * the ledger of the block's real messages.
 */
export const rollupHistory: Strategy = (context) => {
  const plan = planHistoryRollup(context);
  if (plan !== undefined || context.resummarize !== true) return plan;
  return resummarizeLatest(context);
};

function planHistoryRollup(context: StrategyContext) {
  const { messages, structure, config, counter, pressure } = context;
  if (!pressure.messageCount && !pressure.tokens) return undefined;
  const rounds = structure.rounds;
  const resized = resizeWorkingSummary(context);
  if (resized !== undefined) return resized;
  if (rounds.length === 0) return undefined;

  let firstKept = rounds.length - 1;
  let keptTokens = counter.countMessages(
    messages.slice(rounds[firstKept]!.start),
  );
  let keptClosed = 0;
  const keepRounds = Math.max(0, config.historyRollupKeepRecentRounds);
  const keepTokens = Math.max(0, config.historyRollupKeepRecentTokens);
  // Under token pressure alone the window is capped: recent rounds are kept
  // while they fit keepTokens, so a small budget is not spent on history.
  const capped = !pressure.messageCount;
  while (firstKept > 0) {
    const round = rounds[firstKept - 1]!;
    const tokens = counter.countMessages(
      messages.slice(round.start, round.end),
    );
    if (capped) {
      if (keptTokens + tokens > keepTokens) break;
    } else if (keptClosed >= keepRounds && keptTokens >= keepTokens) {
      break;
    }
    firstKept--;
    keptTokens += tokens;
    if (isClosedRound(messages, round)) keptClosed++;
  }

  const rollable = (round: Round) =>
    isClosedRound(messages, round) &&
    !isRangeFrozen(context, round.start, round.end);
  let last = firstKept - 1;
  while (last >= 0 && !rollable(rounds[last]!)) last--;
  let first = last;
  while (first > 0 && rollable(rounds[first - 1]!)) first--;

  // The messages before the first round (an opening greeting, or what an
  // earlier fold left of a round whose user message it took) are history
  // too: a block that reaches the first round takes them in, and so does an
  // empty one when the first round is kept.
  let start: number;
  let end: number;
  if (last >= 0) {
    start = rounds[first]!.start;
    end = rounds[last]!.end;
    if (first === 0) start = extendOverPrefix(context, start);
  } else {
    end = rounds[0]!.start;
    start = extendOverPrefix(context, end);
  }
  while (
    start > 0 &&
    isRollupMessage(messages[start - 1]!) &&
    !isRangeFrozen(context, start - 1, start)
  ) {
    start--;
  }
  // Nothing new to roll up: an earlier working summary alone is only written
  // again when over the budget (`resizeWorkingSummary`), or on an explicit
  // re-summary of everything (`resummarizeLatest`).
  if (messages.slice(start, end).every(isRollupMessage)) return undefined;
  if (countStandsFor(context, start, end) < MIN_ROLLUP_MESSAGES)
    return undefined;
  return planRollup(context, start, end);
}

/**
 * On an explicit re-summary (`context.resummarize`) when no rollup is due:
 * the latest working summary before the current round that may change
 * (with its opener) is written again from its originals. `undefined` when
 * there is none.
 */
function resummarizeLatest(
  context: StrategyContext,
): CompressionPlan | undefined {
  const { messages, structure } = context;
  const before =
    structure.rounds.length > 0 ? structure.currentRoundStart : messages.length;
  for (let index = before - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role !== 'assistant' || !isRollupMessage(message)) continue;
    if (isRangeFrozen(context, index, index + 1)) return undefined;
    const offloadId = getAcmMarker(message)?.offloadId;
    const opener = messages[index - 1];
    const start =
      opener !== undefined &&
      opener.role === 'user' &&
      getAcmMarker(opener)?.offloadId === offloadId &&
      !isRangeFrozen(context, index - 1, index)
        ? index - 1
        : index;
    // A fold without an opener is replaced by a pair: a user message must
    // stand before it.
    if (start === index && messages[index - 1]?.role === 'user')
      return undefined;
    return planRollup(context, start, index + 1);
  }
  return undefined;
}

/**
 * How many original messages `[start, end)` stands for: an earlier fold
 * counts as the messages behind it, so a block of one working summary and a
 * closed exchange is not "small".
 */
function countStandsFor(
  context: StrategyContext,
  start: number,
  end: number,
): number {
  if (end - start >= MIN_ROLLUP_MESSAGES) return end - start;
  return flattenFoldedSpan(
    context.messages.slice(start, end),
    context.lookupOffload,
  ).originals.length;
}
