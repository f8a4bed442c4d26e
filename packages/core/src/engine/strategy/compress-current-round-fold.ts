import type { Message } from '../../vocabulary/message/message';
import { describePlanToolUse } from '../plan/describe-plan-tool-use';
import { filterPlanToolMessages } from '../plan/filter-plan-tool-messages';
import { CURRENT_ROUND_FOLD_PROMPT } from '../prompt/default-prompts';
import { extractIdentifierLedger } from '../../summary/text/extract-identifier-ledger';
import { mergeLedgers } from '../../summary/text/merge-ledgers';
import { renderTranscript } from '../../summary/text/render-transcript';
import type { CompressionPlan, StrategyContext } from './compression-plan';
import { composeSummaryText } from './compose-summary-text';
import { listConversationUnits } from './conversation-units';
import { createMarkedTextMessage } from './create-marked-text-message';
import { getConsumedCurrentRoundRange } from './current-round-range';
import { collectSummaryInput } from './collect-summary-input';
import { flattenFoldedSpan } from './flatten-folded-span';
import { DRAFT_OFFLOAD_ID, sizeSummaryToRoom } from './size-summary-to-room';
import { isAcmArtifact, isUnitFrozen } from './strategy-guards';
import {
  CURRENT_ROUND_FOLD_MIN_CHARS,
  FIT_MARGIN_TOKENS,
  FOLD_SUMMARY_MAX_CHARS,
  FOLD_SUMMARY_MAX_SHARE,
} from './tuning';

/**
 * `compressCurrentRound`'s plan when the prompt is over the hard budget
 * (`messageBudget`) and compressing the consumed current round piece by piece
 * (`pieces`, at `currentRoundCompressionRatio` of each piece at best) could
 * not bring it under: the consumed part of the current round — the latest
 * run of unfrozen units after the current round's user message and before
 * the last assistant message — becomes **one** summary written by the
 * summarizer, sized to the room the rest of the prompt leaves under the
 * budget (at most half of what it stands for and `FOLD_SUMMARY_MAX_CHARS`). So a long
 * tool loop after one request keeps a readable account of what was done,
 * written by the summarizer, instead of being folded again and again by the
 * deterministic last resort.
 *
 * Flat (`flattenFoldedSpan`): an earlier current-round fold, a compressed
 * exchange or a stub in the run is replaced by the messages of its offload
 * entry, so the new entry holds originals only and the new fold replaces the
 * earlier one with `generation` + 1 (every original stays ≤ 2 reloads away).
 *
 * Incremental (`collectSummaryInput`, #29): the summarizer reads an earlier
 * working summary of the run as its text, a compressed or summarized
 * exchange as the summarizer wrote it, and only the originals no summarizer
 * has seen (the run's own messages, offloaded or cleared content, what a
 * last-resort fold lists as unseen); all originals only on an explicit
 * re-summary (`context.resummarize`). The summary's size is still capped at
 * half of what the fold stands for, not of what it reads.
 *
 * Output: one assistant message `composeSummaryText({ summary, note, ledger,
 * offloadId })` marked `{ kind: 'current-round-fold', strategy:
 * 'compressCurrentRound', offloadId, generation, ledger, replaces }`. The
 * summarizer sees the run (plan tools filtered out pairwise, as above), not
 * the request (it stays verbatim right before), with `CURRENT_ROUND_FOLD_PROMPT`
 * or the caller's `customPrompt.compressCurrentRound`. Ids: offload id, then
 * the fold's.
 *
 * `undefined` (the pieces' plan stands) when under the budget, when the
 * pieces could do, when nothing can be folded, or when the room left would
 * not hold `CURRENT_ROUND_FOLD_MIN_CHARS`.
 */
export function planCurrentRoundFold(
  context: StrategyContext,
  pieces: CompressionPlan | undefined,
): CompressionPlan | undefined {
  const { messages, counter, config, generateId } = context;
  const total = counter.countMessages(messages);
  if (total <= context.messageBudget) return undefined;
  const piecesSave = (pieces?.edits ?? []).reduce(
    (sum, edit) =>
      sum +
      counter.countMessages(messages.slice(edit.range.start, edit.range.end)) *
        (1 - config.currentRoundCompressionRatio),
    0,
  );
  if (total - piecesSave <= context.messageBudget) return undefined;

  const span = findFoldSpan(context);
  if (span === undefined) return undefined;
  const block = messages.slice(span.start, span.end);
  const flat = flattenFoldedSpan(block, context.lookupOffload);
  const resummarize = context.resummarize === true;
  const input = collectSummaryInput(block, {
    lookupOffload: context.lookupOffload,
    resummarize,
    readOriginalsUpTo: context.readOriginalsUpTo ?? 0,
    artifacts: 'unseen',
  });
  if (input.messages.length === 0) return undefined;
  const taskMessages = filterPlanToolMessages(input.messages);
  const transcript = renderTranscript(taskMessages);
  // At most a share of what the fold stands for (its originals), as long as
  // that is shorter than what the summarizer reads: an incremental input
  // (the earlier fold's text and what is new) does not shrink the summary
  // generation by generation.
  const standsFor = resummarize
    ? transcript.length
    : renderTranscript(
        filterPlanToolMessages(
          flat.originals.filter((message) => !isAcmArtifact(message)),
        ),
      ).length;
  const maxShare = Math.min(
    1,
    (FOLD_SUMMARY_MAX_SHARE * Math.max(standsFor, transcript.length)) /
      Math.max(1, transcript.length),
  );
  const fresh = flat.fresh.filter((message) => !isAcmArtifact(message));
  const ledger = mergeLedgers(
    ...flat.ledgers,
    extractIdentifierLedger(renderTranscript(fresh)),
  );
  const note = describePlanToolUse(fresh);
  const skeleton = counter.countMessages([
    foldMessage('x', DRAFT_OFFLOAD_ID, 0, ledger, note, []),
  ]);
  const room =
    context.messageBudget -
    (total - counter.countMessages(block)) -
    skeleton -
    FIT_MARGIN_TOKENS;
  const targetChars = sizeSummaryToRoom({
    roomTokens: room,
    transcript,
    counter,
    maxShare,
    maxChars: FOLD_SUMMARY_MAX_CHARS,
  });
  if (targetChars < CURRENT_ROUND_FOLD_MIN_CHARS) return undefined;

  const offloadId = generateId();
  const foldId = generateId();
  const key = 'compressCurrentRound:fold';
  const custom = config.customPrompt.compressCurrentRound;
  return {
    strategy: 'compressCurrentRound',
    edits: [
      {
        range: span,
        offloads: { [offloadId]: flat.originals },
        taskKeys: [key],
        replacement: [
          foldMessage(
            foldId,
            offloadId,
            flat.generation + 1,
            ledger,
            undefined,
            block.map((message) => message.id),
          ),
        ],
        placements: [
          {
            message: 0,
            part: 0,
            taskKey: key,
            ...(note === undefined ? {} : { note }),
            ledger,
            offloadId,
            targetChars,
          },
        ],
      },
    ],
    tasks: [
      {
        key,
        strategy: 'compressCurrentRound',
        messages: taskMessages,
        instructions:
          custom !== undefined && custom.trim() !== ''
            ? custom
            : CURRENT_ROUND_FOLD_PROMPT,
        targetChars,
      },
    ],
    skipped: [],
  };
}

/**
 * The fold's range: the latest contiguous run of unfrozen units inside the
 * consumed current round (cut on unit boundaries, so an exchange is never
 * split). `undefined` when there is none.
 */
function findFoldSpan(
  context: StrategyContext,
): { start: number; end: number } | undefined {
  const { start, end } = getConsumedCurrentRoundRange(context);
  let latest: { start: number; end: number } | undefined;
  let current: { start: number; end: number } | undefined;
  for (const unit of listConversationUnits(
    context.structure,
    context.messages.length,
  )) {
    if (unit.start < start || unit.end > end) continue;
    if (isUnitFrozen(context, unit)) {
      current = undefined;
      continue;
    }
    current = { start: current?.start ?? unit.start, end: unit.end };
    latest = current;
  }
  return latest;
}

/** The fold message; its text is `composeSummaryText` of an empty summary until the summary is placed. */
function foldMessage(
  id: string,
  offloadId: string,
  generation: number,
  ledger: ReturnType<typeof mergeLedgers>,
  note: string | undefined,
  replaces: readonly string[],
): Message {
  return createMarkedTextMessage({
    id,
    role: 'assistant',
    text: composeSummaryText({
      summary: '',
      ...(note === undefined ? {} : { note }),
      ledger,
      offloadId,
      ledgerMaxChars: 0,
    }),
    marker: {
      kind: 'current-round-fold',
      strategy: 'compressCurrentRound',
      offloadId,
      generation,
      ledger,
      replaces,
    },
  });
}
