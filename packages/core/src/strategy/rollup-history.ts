import type { Round } from '../conversation/analyze-conversation';
import { getAcmMarker } from '../message/acm-marker';
import type { IdentifierLedger } from '../message/acm-marker';
import type { Message } from '../message/message';
import { getMessageText } from '../message/message-text';
import { describePlanToolUse } from '../plan/describe-plan-tool-use';
import { filterPlanToolMessages } from '../plan/filter-plan-tool-messages';
import { resolvePrompt } from '../prompt/resolve-prompt';
import { extractIdentifierLedger } from '../summary/extract-identifier-ledger';
import { mergeLedgers } from '../summary/merge-ledgers';
import { renderTranscript } from '../summary/render-transcript';
import { stripOffloadTags } from '../summary/strip-offload-tags';
import type { Strategy, StrategyContext } from './compression-plan';
import { composeSummaryText } from './compose-summary-text';
import { createMarkedTextMessage } from './create-marked-text-message';
import { isClosedRound, isRangeFrozen } from './strategy-guards';

/** Text of the synthetic user message that opens a rollup. */
export const ROLLUP_USER_TEXT = 'Summary of the earlier conversation';

/** Blocks with fewer messages are not rolled up (the reference's `MIN_HISTORY_ROLLUP_MESSAGES`). */
export const MIN_ROLLUP_MESSAGES = 4;

/**
 * Folds old closed rounds into one rolling summary (PR #1514's R1). Runs only
 * under message-count pressure.
 *
 * Window: the current round, plus older rounds walked back from it until at
 * least `historyRollupKeepRecentRounds` closed rounds are kept **and** the kept
 * messages count at least `historyRollupKeepRecentTokens` tokens. A round is
 * closed when it holds a final answer or ACM output standing for one (a round
 * summary, a stubbed or summarized answer); see `isClosedRound`.
 *
 * Block: the closed rounds right before the window that are contiguous (an
 * unclosed round or a round holding a system, protected or in-flight message
 * ends it), plus any rollup messages right before it. Blocks under
 * `MIN_ROLLUP_MESSAGES` messages are left alone.
 *
 * Merge: an earlier rollup inside or right before the block is folded in; the
 * new generation is its generation + 1. Its offload entry is **kept**: the new
 * entry holds the earlier rollup messages verbatim, whose `offloadId` still
 * resolves, so every original stays reachable (the reference cleared it).
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
 * Summarizer input: the block with plan tools filtered out pairwise, earlier
 * rollup user messages left out and earlier rollup summaries with their offload
 * tags stripped. The ledger is the earlier rollups' ledgers merged with the
 * ledger of the rest of the block.
 */
export const rollupHistory: Strategy = (context) => {
  const { messages, structure, config, counter, pressure } = context;
  if (!pressure.messageCount) return undefined;
  const rounds = structure.rounds;
  if (rounds.length < 2) return undefined;

  let firstKept = rounds.length - 1;
  let keptTokens = counter.countMessages(
    messages.slice(rounds[firstKept]!.start),
  );
  let keptClosed = 0;
  const keepRounds = Math.max(0, config.historyRollupKeepRecentRounds);
  const keepTokens = Math.max(0, config.historyRollupKeepRecentTokens);
  while (
    firstKept > 0 &&
    (keptClosed < keepRounds || keptTokens < keepTokens)
  ) {
    firstKept--;
    const round = rounds[firstKept]!;
    keptTokens += counter.countMessages(messages.slice(round.start, round.end));
    if (isClosedRound(messages, round)) keptClosed++;
  }

  const rollable = (round: Round) =>
    isClosedRound(messages, round) &&
    !isRangeFrozen(context, round.start, round.end);
  let last = firstKept - 1;
  while (last >= 0 && !rollable(rounds[last]!)) last--;
  if (last < 0) return undefined;
  let first = last;
  while (first > 0 && rollable(rounds[first - 1]!)) first--;

  let start = rounds[first]!.start;
  const end = rounds[last]!.end;
  while (
    start > 0 &&
    isRollupMessage(messages[start - 1]!) &&
    !isRangeFrozen(context, start - 1, start)
  ) {
    start--;
  }
  if (end - start < MIN_ROLLUP_MESSAGES) return undefined;
  return planRollup(context, start, end);
};

function isRollupMessage(message: Message): boolean {
  return getAcmMarker(message)?.kind === 'rollup';
}

function planRollup(context: StrategyContext, start: number, end: number) {
  const { messages, config, generateId } = context;
  const block = messages.slice(start, end);
  let previousGeneration = 0;
  const previousLedgers: IdentifierLedger[] = [];
  const fresh: Message[] = [];
  const input: Message[] = [];
  for (const message of block) {
    const marker = getAcmMarker(message);
    if (marker?.kind !== 'rollup') {
      fresh.push(message);
      input.push(message);
      continue;
    }
    previousGeneration = Math.max(previousGeneration, marker.generation ?? 1);
    if (marker.ledger !== undefined) previousLedgers.push(marker.ledger);
    if (message.role === 'assistant') {
      input.push({
        ...message,
        content: [
          { type: 'text', text: stripOffloadTags(getMessageText(message)) },
        ],
      });
    }
  }
  const generation = previousGeneration + 1;
  const offloadId = generateId();
  const userId = generateId();
  const summaryId = generateId();
  const ledger = mergeLedgers(
    ...previousLedgers,
    extractIdentifierLedger(renderTranscript(fresh)),
  );
  const note = describePlanToolUse(fresh);
  const key = 'rollupHistory';
  const marker = {
    kind: 'rollup',
    strategy: 'rollupHistory',
    offloadId,
    generation,
  } as const;
  return {
    strategy: 'rollupHistory' as const,
    edits: [
      {
        range: { start, end },
        offloads: { [offloadId]: block },
        taskKeys: [key],
        build: (
          summaries: Readonly<Record<string, string>>,
        ): readonly Message[] => [
          createMarkedTextMessage({
            id: userId,
            role: 'user',
            text: ROLLUP_USER_TEXT,
            marker,
          }),
          createMarkedTextMessage({
            id: summaryId,
            role: 'assistant',
            text: composeSummaryText({
              summary: summaries[key] ?? '',
              note,
              ledger,
              offloadId,
            }),
            marker: {
              ...marker,
              ledger,
              replaces: block.map((message) => message.id),
            },
          }),
        ],
      },
    ],
    tasks: [
      {
        key,
        strategy: 'rollupHistory' as const,
        messages: filterPlanToolMessages(input),
        instructions: resolvePrompt('rollupHistory', config.customPrompt),
      },
    ],
    skipped: [],
  };
}
