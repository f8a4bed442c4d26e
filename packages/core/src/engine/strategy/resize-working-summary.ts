import type { CompressionPlan, StrategyContext } from './compression-plan';
import { getConsumedCurrentRoundRange } from './current-round-range';
import { extendOverPrefix } from './extend-over-prefix';
import { countFoldStubTokens } from './fold-stub-tokens';
import { flattenFoldedSpan, summaryBody } from './flatten-folded-span';
import { planRollup } from './plan-rollup';
import { isRollupMessage } from './strategy-guards';

/**
 * Over the hard budget (`messageBudget`) under token pressure, the history
 * before the current round — back to the first system or frozen message, when
 * it holds a working summary (a rollup or last-resort fold) — is written again
 * as one rollup, sized to the share of the room the last resort would give
 * it: the room left beside everything it may not fold, shared with the
 * consumed current round in proportion to what each stands for. So the
 * history shrinks through the summarizer as a long current round grows,
 * instead of being folded again by the last resort. The summarizer reads the
 * summary's text and what is new since (the rounds closed since, what a fold
 * left of a round), never the originals behind it again
 * (`collectSummaryInput`; all of them only on an explicit re-summary). The
 * share is reckoned from what the history stands for (its originals), so the
 * summary keeps its room as the session grows. `undefined` when under the
 * budget or when that history holds no working summary.
 */
export function resizeWorkingSummary(
  context: StrategyContext,
): CompressionPlan | undefined {
  const { messages, structure, counter, pressure } = context;
  if (!pressure.tokens || structure.rounds.length === 0) return undefined;
  const total = counter.countMessages(messages);
  if (total <= context.messageBudget) return undefined;
  const end = structure.currentRoundStart;
  // The history before the current round, back to the first frozen message,
  // when it holds a working summary: that summary, the rounds closed since
  // and what an earlier fold left of a round are written again as one.
  const start = extendOverPrefix(context, end);
  if (
    !messages
      .slice(start, end)
      .some(
        (message) => message.role === 'assistant' && isRollupMessage(message),
      )
  )
    return undefined;
  const round = getConsumedCurrentRoundRange(context);
  const consumed = counter.countMessages(
    messages.slice(round.start, round.end),
  );
  const block = messages.slice(start, end);
  // What the history stands for, in the counts the counter keeps per
  // message (the unit `consumed` is in): no transcript of the whole history
  // rendered and tokenized again on every pass.
  const history = counter.countMessages(
    flattenFoldedSpan(block, context.lookupOffload).originals,
  );
  // What stays whatever is folded, and the current round's fold at the least.
  const kept = total - counter.countMessages(block) - consumed;
  const room =
    context.messageBudget -
    kept -
    (consumed > 0 ? countFoldStubTokens(counter, false) : 0);
  const share = Math.floor((room * history) / Math.max(1, history + consumed));
  // One working summary already within its share: writing it again would not
  // make it smaller (a summarizer call for nothing).
  const summaries = block.filter(
    (message) => message.role === 'assistant' && isRollupMessage(message),
  );
  if (
    summaries.length === 1 &&
    block.every(isRollupMessage) &&
    counter.countText(summaryBody(summaries[0]!)) <= share
  )
    return undefined;
  return planRollup(context, start, end, share);
}
