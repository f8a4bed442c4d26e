import type { MessageRange } from '../../vocabulary/event/compression-event';
import { describePlanToolUse } from '../plan/describe-plan-tool-use';
import { filterPlanToolMessages } from '../plan/filter-plan-tool-messages';
import { resolvePrompt } from '../prompt/resolve-prompt';
import { extractIdentifierLedger } from '../../summary/text/extract-identifier-ledger';
import { renderTranscript } from '../../summary/text/render-transcript';
import type { PlannedEdit, Strategy, SummaryTask } from './compression-plan';
import { createMarkedTextMessage } from './create-marked-text-message';
import { BELOW_TOKEN_THRESHOLD } from './compress-tool-runs';
import { flattenFoldedSpan } from './flatten-folded-span';
import { isRangeFrozen } from './strategy-guards';

/** Why a round was left alone because a message in it must stay. */
export const HAS_PROTECTED_MESSAGE =
  'holds a system, protected or in-flight message';

/**
 * Rewrites completed rounds as a user → assistant pair (the reference's S4).
 *
 * Selection: every round whose last real final answer comes before the latest
 * final answer (so the round answered last is kept), with more than the answer
 * after the user message, and whose user message plus span up to the answer
 * count at least `minCompressionTokenThreshold` tokens. Synthetic messages are
 * neither round openers nor final answers (#1483), so an already summarized
 * round (user + round summary) is not selected again. A round holding a
 * system, protected or in-flight message goes to `skipped`.
 *
 * Output per round: the user message stays; `(user, answer]` becomes one
 * assistant message (the answer's name) `composeSummaryText({ summary, note, ledger, offloadId })`
 * with `metadata.acm = { kind: 'round-summary', strategy, offloadId, ledger, replaces }`;
 * the offload entry holds the replaced messages (not the kept user message),
 * flat: a stub or summary among them is replaced by its own entry's messages,
 * so every original is one reload from the round summary.
 * Messages after the answer inside the round stay. The summarizer sees the user
 * message and the span, plan tools filtered out pairwise. All qualifying rounds
 * go into one plan (their tasks run in parallel). Ids per round, oldest first:
 * offload id, then the summary's id.
 */
export const summarizeRounds: Strategy = (context) => {
  const { messages, structure, config, counter, generateId } = context;
  const latestFinal = structure.latestFinalAnswerIndex;
  if (latestFinal < 0) return undefined;
  const instructions = resolvePrompt('summarizeRounds', config.customPrompt);
  const edits: PlannedEdit[] = [];
  const tasks: SummaryTask[] = [];
  const skipped: { range: MessageRange; reason: string }[] = [];

  for (const round of structure.rounds) {
    const answer = round.finalAnswerIndex;
    if (answer < 0 || answer >= latestFinal) continue;
    if (answer - round.start <= 1) continue;
    const range = { start: round.start + 1, end: answer + 1 };
    if (isRangeFrozen(context, range.start, range.end)) {
      skipped.push({ range, reason: HAS_PROTECTED_MESSAGE });
      continue;
    }
    const user = messages[round.start]!;
    const span = messages.slice(range.start, range.end);
    if (
      counter.countMessages([user, ...span]) <
      config.minCompressionTokenThreshold
    ) {
      skipped.push({ range, reason: BELOW_TOKEN_THRESHOLD });
      continue;
    }
    const offloadId = generateId();
    const summaryId = generateId();
    const key = `summarizeRounds:${round.start}`;
    const ledger = extractIdentifierLedger(renderTranscript(span));
    const note = describePlanToolUse(span);
    tasks.push({
      key,
      strategy: 'summarizeRounds',
      messages: filterPlanToolMessages([user, ...span]),
      instructions,
    });
    const name = messages[answer]!.name;
    edits.push({
      range,
      offloads: {
        [offloadId]: flattenFoldedSpan(span, context.lookupOffload).originals,
      },
      taskKeys: [key],
      replacement: [
        createMarkedTextMessage({
          id: summaryId,
          role: 'assistant',
          name,
          text: '',
          marker: {
            kind: 'round-summary',
            strategy: 'summarizeRounds',
            offloadId,
            ledger,
            replaces: span.map((message) => message.id),
          },
        }),
      ],
      placements: [
        { message: 0, part: 0, taskKey: key, note, ledger, offloadId },
      ],
    });
  }
  if (edits.length === 0) return undefined;
  return { strategy: 'summarizeRounds', edits, tasks, skipped };
};
