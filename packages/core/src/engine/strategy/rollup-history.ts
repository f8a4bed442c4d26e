import type { Round } from '../../state/conversation/analyze-conversation';
import { getAcmMarker } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import { describePlanToolUse } from '../plan/describe-plan-tool-use';
import { filterPlanToolMessages } from '../plan/filter-plan-tool-messages';
import { resolvePrompt } from '../prompt/resolve-prompt';
import { extractIdentifierLedger } from '../../summary/text/extract-identifier-ledger';
import { mergeLedgers } from '../../summary/text/merge-ledgers';
import { renderTranscript } from '../../summary/text/render-transcript';
import type { Strategy, StrategyContext } from './compression-plan';
import { composeSummaryText } from './compose-summary-text';
import { getConsumedCurrentRoundRange } from './current-round-range';
import { countFoldStubTokens } from './fold-stub-tokens';
import { createMarkedTextMessage } from './create-marked-text-message';
import {
  FOLD_KINDS,
  flattenFoldedSpan,
  summaryBody,
} from './flatten-folded-span';
import {
  isAcmArtifact,
  isClosedRound,
  isFrozen,
  isRangeFrozen,
} from './strategy-guards';
import { DRAFT_OFFLOAD_ID, sizeSummaryToRoom } from './size-summary-to-room';
import type { IdentifierLedger } from '../../vocabulary/message/acm-marker';

/** Text of the synthetic user message that opens a rollup. */
export const ROLLUP_USER_TEXT = 'Summary of the earlier conversation';

/** Blocks with fewer messages are not rolled up (the reference's `MIN_HISTORY_ROLLUP_MESSAGES`). */
export const MIN_ROLLUP_MESSAGES = 4;

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
 * entries stay too).
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
 * Summarizer input: the block with plan tools filtered out pairwise, ACM
 * opener messages left out and ACM summaries reduced to their body (no fold
 * header, ledger or tag). The ledger is the replaced summaries' ledgers
 * merged with the ledger of the block's real messages.
 */
export const rollupHistory: Strategy = (context) => {
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
  // again when over the budget (`resizeWorkingSummary`).
  if (messages.slice(start, end).every(isRollupMessage)) return undefined;
  if (countStandsFor(context, start, end) < MIN_ROLLUP_MESSAGES)
    return undefined;
  return planRollup(context, start, end);
};

/**
 * The start of the history before `index`: walked back over messages that
 * are neither system nor frozen, then forward past tool results whose call
 * stays (an exchange is never split). `index` when there are none.
 */
function extendOverPrefix(context: StrategyContext, index: number): number {
  const { messages } = context;
  let start = index;
  while (start > 0 && !isFrozen(context, start - 1)) start--;
  while (start < index && messages[start]!.role === 'tool') start++;
  return start;
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

/**
 * Over the hard budget (`messageBudget`) under token pressure, the history
 * before the current round — back to the first system or frozen message, when
 * it holds a working summary (a rollup or last-resort fold) — is written again
 * as one rollup from the originals it stands for (the summary's, the rounds
 * closed since, what a fold left of a round), sized to the share of the room
 * the last resort would give it: the room left beside everything it may not
 * fold, shared with the consumed current round in proportion to what each
 * stands for. So the history shrinks through the summarizer as a long current
 * round grows, instead of being folded again by the last resort. `undefined`
 * when under the budget or when that history holds no working summary.
 */
function resizeWorkingSummary(context: StrategyContext) {
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
  const history = counter.countText(
    renderTranscript(flattenFoldedSpan(block, context.lookupOffload).originals),
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

/** A working summary (rollup or last-resort fold) a new rollup absorbs. */
function isRollupMessage(message: Message): boolean {
  const kind = getAcmMarker(message)?.kind;
  return kind !== undefined && FOLD_KINDS.has(kind);
}

/**
 * The rollup of `[start, end)`. `pairTokens`: the tokens the pair (opener,
 * summary, note, ledger, tag) may take, when the caller sized it (`resizeWorkingSummary`);
 * then earlier rollups in the block are summarized from their originals too,
 * not from their text, so a resized summary is not a summary of a summary.
 */
function planRollup(
  context: StrategyContext,
  start: number,
  end: number,
  pairTokens?: number,
) {
  const { messages, config, generateId } = context;
  const block = messages.slice(start, end);
  const flat = flattenFoldedSpan(block, context.lookupOffload);
  const input: Message[] = [];
  for (const message of block) {
    const marker = getAcmMarker(message);
    if (marker === undefined || !FOLD_KINDS.has(marker.kind)) {
      input.push(message);
      continue;
    }
    // Earlier working summaries go in as plain text: no fold header, ledger
    // or tag, and no opener messages, so the new summary does not nest them.
    if (message.role !== 'assistant') continue;
    // A last-resort fold was written without the summarizer, sized to
    // whatever room was left (down to a header): the rollup summarizes the
    // originals it stands for, so what it dropped comes back.
    const entry =
      (marker.kind === 'last-resort' || pairTokens !== undefined) &&
      marker.offloadId !== undefined
        ? context.lookupOffload(marker.offloadId)
        : undefined;
    if (entry !== undefined) {
      input.push(...entry.filter((original) => !isAcmArtifact(original)));
      continue;
    }
    const body = summaryBody(message);
    if (body === '') continue;
    // Marked as what it is, so that the transcript labels it a summary
    // (`[assistant (rollup)]`) and its sections merge line by line.
    input.push(
      createMarkedTextMessage({
        id: message.id,
        role: 'assistant',
        text: body,
        marker: { kind: 'rollup', strategy: 'rollupHistory' },
      }),
    );
  }
  const fresh = flat.fresh.filter((message) => !isAcmArtifact(message));
  const generation = flat.generation + 1;
  const offloadId = generateId();
  const userId = generateId();
  const summaryId = generateId();
  const ledger = mergeLedgers(
    ...flat.ledgers,
    extractIdentifierLedger(renderTranscript(fresh)),
  );
  const note = describePlanToolUse(fresh);
  const key = 'rollupHistory';
  const taskMessages = filterPlanToolMessages(input);
  const targetChars = sizeRollup(
    context,
    start,
    end,
    taskMessages,
    pairTokens,
    {
      note,
      ledger,
    },
  );
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
        offloads: { [offloadId]: flat.originals },
        taskKeys: [key],
        replacement: [
          createMarkedTextMessage({
            id: userId,
            role: 'user',
            text: ROLLUP_USER_TEXT,
            marker,
          }),
          createMarkedTextMessage({
            id: summaryId,
            role: 'assistant',
            text: '',
            marker: {
              ...marker,
              ledger,
              replaces: block.map((message) => message.id),
            },
          }),
        ],
        // Sized to the room (`targetChars`): the ledger gets what the summary left.
        placements: [
          {
            message: 1,
            part: 0,
            taskKey: key,
            note,
            ledger,
            offloadId,
            ...(targetChars === undefined ? {} : { targetChars }),
          },
        ],
      },
    ],
    tasks: [
      {
        key,
        strategy: 'rollupHistory' as const,
        messages: taskMessages,
        instructions: resolvePrompt('rollupHistory', config.customPrompt),
        ...(targetChars === undefined ? {} : { targetChars }),
      },
    ],
    skipped: [],
  };
}

/** Longest rollup summary sized to the room, as a share of its transcript. */
const ROLLUP_MAX_SHARE = 1;

/** Fewest characters a sized rollup asks for (below that, headings and one line). */
export const ROLLUP_MIN_TARGET_CHARS = 200;

/**
 * Under token pressure, the rollup's character target: the tokens the rest of
 * the prompt leaves under `messageBudget` once the block is replaced by the
 * rollup's opener, note, ledger and tag (`sizeSummaryToRoom`, at most half the
 * transcript, at least `ROLLUP_MIN_TARGET_CHARS`), so that the working summary
 * uses the room a small budget has instead of a fixed share of its input, and
 * the last resort does not have to fold it again. `undefined` (the
 * summarizer's own length) under message-count pressure alone.
 */
function sizeRollup(
  context: StrategyContext,
  start: number,
  end: number,
  taskMessages: readonly Message[],
  pairTokens: number | undefined,
  skeleton: { note: string | undefined; ledger: IdentifierLedger },
): number | undefined {
  const { messages, counter, pressure } = context;
  if (!pressure.tokens) return undefined;
  const rest =
    counter.countMessages(messages) -
    counter.countMessages(messages.slice(start, end));
  const opener: Message = {
    id: 'x',
    role: 'user',
    content: [{ type: 'text', text: ROLLUP_USER_TEXT }],
  };
  const bare: Message = {
    id: 'x',
    role: 'assistant',
    content: [
      {
        type: 'text',
        text: composeSummaryText({
          summary: '',
          ...(skeleton.note === undefined ? {} : { note: skeleton.note }),
          ledger: skeleton.ledger,
          offloadId: DRAFT_OFFLOAD_ID,
          ledgerMaxChars: 0,
        }),
      },
    ],
  };
  // The room the rest of the prompt leaves under the budget: a small budget's
  // working summary uses it instead of a fixed share of its input, so the
  // last resort does not have to fold the history again.
  // A resized pair's share (`pairTokens`) holds its opener, note, ledger and
  // tag too.
  const room =
    (pairTokens ?? context.messageBudget - rest) -
    counter.countMessages([opener, bare]) -
    8;
  const transcript = renderTranscript(taskMessages);
  return Math.max(
    Math.min(ROLLUP_MIN_TARGET_CHARS, transcript.length - 1),
    sizeSummaryToRoom({
      roomTokens: room,
      transcript,
      counter,
      maxShare: ROLLUP_MAX_SHARE,
      maxChars: Number.POSITIVE_INFINITY,
    }),
  );
}
