import type { MessageRange } from '../../vocabulary/event/compression-event';
import { describePlanToolUse } from '../plan/describe-plan-tool-use';
import { filterPlanToolMessages } from '../plan/filter-plan-tool-messages';
import { resolvePrompt } from '../prompt/resolve-prompt';
import { extractIdentifierLedger } from '../../summary/text/extract-identifier-ledger';
import { renderTranscript } from '../../summary/text/render-transcript';
import type {
  CompressionPlan,
  PlannedEdit,
  Strategy,
  StrategyContext,
  SummaryTask,
} from './compression-plan';
import { composeSummaryText } from './compose-summary-text';
import { createMarkedTextMessage } from './create-marked-text-message';
import { listConversationUnits } from './conversation-units';
import type { ConversationUnit } from './conversation-units';
import { isUnitFrozen } from './strategy-guards';

/** Why a tool run was left alone. */
export const BELOW_TOKEN_THRESHOLD = 'below minCompressionTokenThreshold';

/**
 * Summarizes runs of consumed tool exchanges (the reference's S1).
 *
 * Selection: a run is a maximal sequence of whole exchanges (call + all its
 * results) that are consumed, end before the latest final answer and outside the
 * last `lastKeep` messages, and contain no system, protected or in-flight
 * message. A run qualifies when it has more than `minConsecutiveToolMessages`
 * messages; a qualifying run with fewer estimated tokens than
 * `minCompressionTokenThreshold` goes to `skipped` and the scan moves on to the
 * next run (a skip is not a success, reference issue #989). Every
 * qualifying run goes in one plan by default (their summaries run in
 * parallel); at most `maxToolRunsPerPass` when set, oldest first.
 *
 * Output per run: one assistant message (name of the run's first call message)
 * `composeSummaryText({ summary, note: plan-tool mention, ledger, offloadId })`
 * with `metadata.acm = { kind: 'tool-run-summary', strategy, offloadId, ledger, replaces }`.
 * The summary input has plan-tool calls and results filtered out pairwise; a run
 * made only of plan tools needs no LLM (its summary is the mention). Ids: offload
 * id, then the summary's id.
 *
 * Returns `undefined` when no run is compressed (skips alone are not a plan).
 */
export const compressToolRuns: Strategy = (context) => {
  const { messages, structure, config, counter, generateId } = context;
  const latestFinal = structure.latestFinalAnswerIndex;
  if (latestFinal < 0) return undefined;
  const searchEnd = Math.min(latestFinal, messages.length - config.lastKeep);
  if (searchEnd <= 0) return undefined;

  const instructions = resolvePrompt('compressToolRuns', config.customPrompt);
  const edits: PlannedEdit[] = [];
  const tasks: SummaryTask[] = [];
  const skipped: { range: MessageRange; reason: string }[] = [];

  for (const range of findToolRuns(
    context,
    listConversationUnits(structure, messages.length),
    searchEnd,
  )) {
    if (edits.length >= config.maxToolRunsPerPass) break;
    if (range.end - range.start <= config.minConsecutiveToolMessages) continue;
    const span = messages.slice(range.start, range.end);
    if (counter.countMessages(span) < config.minCompressionTokenThreshold) {
      skipped.push({ range, reason: BELOW_TOKEN_THRESHOLD });
      continue;
    }
    const offloadId = generateId();
    const summaryId = generateId();
    const ledger = extractIdentifierLedger(renderTranscript(span));
    const note = describePlanToolUse(span);
    const input = filterPlanToolMessages(span);
    const key = `compressToolRuns:${range.start}`;
    if (input.length > 0) {
      tasks.push({
        key,
        strategy: 'compressToolRuns',
        messages: input,
        instructions,
      });
    }
    const name = span[0]!.name;
    edits.push({
      range,
      offloads: { [offloadId]: span },
      taskKeys: input.length > 0 ? [key] : [],
      // With a task, its summary is placed in the text (see `placements`).
      replacement: [
        createMarkedTextMessage({
          id: summaryId,
          role: 'assistant',
          name,
          text:
            input.length > 0
              ? ''
              : composeSummaryText({ summary: note ?? '', ledger, offloadId }),
          marker: {
            kind: 'tool-run-summary',
            strategy: 'compressToolRuns',
            offloadId,
            ledger,
            replaces: span.map((message) => message.id),
          },
        }),
      ],
      ...(input.length > 0
        ? {
            placements: [
              { message: 0, part: 0, taskKey: key, note, ledger, offloadId },
            ],
          }
        : {}),
    });
  }
  if (edits.length === 0) return undefined;
  const plan: CompressionPlan = {
    strategy: 'compressToolRuns',
    edits,
    tasks,
    skipped,
  };
  return plan;
};

/** Maximal runs of consumed, unfrozen exchanges ending at or before `searchEnd`, oldest first. */
function findToolRuns(
  context: StrategyContext,
  units: readonly ConversationUnit[],
  searchEnd: number,
): MessageRange[] {
  const runs: MessageRange[] = [];
  let runStart = -1;
  let runEnd = -1;
  for (const unit of units) {
    const eligible =
      unit.exchange !== undefined &&
      unit.exchange.consumed &&
      unit.end <= searchEnd &&
      !isUnitFrozen(context, unit);
    if (eligible) {
      if (runStart < 0) runStart = unit.start;
      runEnd = unit.end;
      continue;
    }
    if (runStart >= 0) runs.push({ start: runStart, end: runEnd });
    runStart = -1;
    if (unit.start >= searchEnd) break;
  }
  if (runStart >= 0) runs.push({ start: runStart, end: runEnd });
  return runs;
}
