import type { IdentifierLedger } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import { describePlanToolUse } from '../plan/describe-plan-tool-use';
import { filterPlanToolMessages } from '../plan/filter-plan-tool-messages';
import { resolvePrompt } from '../prompt/resolve-prompt';
import { extractIdentifierLedger } from '../../summary/text/extract-identifier-ledger';
import { mergeLedgers } from '../../summary/text/merge-ledgers';
import { renderTranscript } from '../../summary/text/render-transcript';
import type { CompressionPlan, StrategyContext } from './compression-plan';
import { composeSummaryText } from './compose-summary-text';
import { createMarkedTextMessage } from './create-marked-text-message';
import { collectSummaryInput } from './collect-summary-input';
import { flattenFoldedSpan } from './flatten-folded-span';
import { DRAFT_OFFLOAD_ID, sizeSummaryToRoom } from './size-summary-to-room';
import { isAcmArtifact } from './strategy-guards';
import {
  FIT_MARGIN_TOKENS,
  ROLLUP_MAX_SHARE,
  ROLLUP_MIN_TARGET_CHARS,
} from './tuning';

/** Text of the synthetic user message that opens a rollup. */
export const ROLLUP_USER_TEXT = 'Summary of the earlier conversation';

/**
 * The rollup of `[start, end)`. `pairTokens`: the tokens the pair (opener,
 * summary, note, ledger, tag) may take, when the caller sized it
 * (`resizeWorkingSummary`). The summarizer reads the block incrementally
 * (`collectSummaryInput`): an earlier working summary as its text, never the
 * originals behind it again, unless the context asks for a re-summary of
 * everything (`context.resummarize`).
 */
export function planRollup(
  context: StrategyContext,
  start: number,
  end: number,
  pairTokens?: number,
): CompressionPlan {
  const { messages, config, generateId } = context;
  const block = messages.slice(start, end);
  const flat = flattenFoldedSpan(block, context.lookupOffload);
  const input = collectSummaryInput(block, {
    lookupOffload: context.lookupOffload,
    resummarize: context.resummarize === true,
    readOriginalsUpTo: context.readOriginalsUpTo ?? 0,
    artifacts: 'as-is',
  });
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
  const taskMessages = filterPlanToolMessages(input.messages);
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
    FIT_MARGIN_TOKENS;
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
