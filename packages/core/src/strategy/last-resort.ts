import type { Message } from '../message/message';
import { createPreview } from '../summary/create-preview';
import { extractIdentifierLedger } from '../summary/extract-identifier-ledger';
import { renderTranscript } from '../summary/render-transcript';
import type {
  PlannedEdit,
  Strategy,
  StrategyContext,
} from './compression-plan';
import { composeSummaryText } from './compose-summary-text';
import { createMarkedTextMessage } from './create-marked-text-message';
import { listConversationUnits } from './conversation-units';
import type { ConversationUnit } from './conversation-units';
import { isUnitFrozen } from './strategy-guards';

/** Units (whole exchanges or single messages) at the end of the conversation the last resort keeps. */
export const LAST_RESORT_TAIL_UNITS = 2;

/** Text of the synthetic user message that opens a last-resort fold. */
export const LAST_RESORT_USER_TEXT =
  'Earlier conversation (folded to fit the context budget)';

/**
 * The deterministic, lossless last resort (no LLM), for when the other
 * strategies could not bring the context under the hard budget (`maxToken`).
 *
 * Kept: system messages, the current round's user message, protected messages
 * and the in-flight exchange, and the last `LAST_RESORT_TAIL_UNITS` units.
 * Everything else is folded, on exchange boundaries, per maximal run of
 * foldable units (so usually one run before the current user message and one
 * after it). A run is folded only when it has at least two messages and the
 * fold has fewer tokens than the run.
 *
 * Output per run, all marked `{ kind: 'last-resort', strategy: 'lastResort', offloadId }`:
 * - when the message before the run is not a user message: a user message
 *   `LAST_RESORT_USER_TEXT` followed by an assistant stub;
 * - after a user message (the current round's, typically): the assistant stub
 *   alone, so roles keep alternating.
 * The assistant stub's text is `Folded N messages.`, a preview of the run's
 * transcript (`offloadSinglePreview` characters), the run's ledger and the tag
 * (`composeSummaryText`); its marker also has `ledger` and `replaces`. The
 * offload entry holds the run verbatim (earlier stubs included, so their own
 * entries stay reachable). Ids: offload id, then the user stub's (when there is
 * one), then the assistant stub's.
 */
export const lastResort: Strategy = (context) => {
  const { messages, structure } = context;
  const units = listConversationUnits(structure, messages.length);
  const tailStart = Math.max(0, units.length - LAST_RESORT_TAIL_UNITS);
  const currentUser =
    structure.rounds.length > 0 ? structure.currentRoundStart : -1;
  const foldable = (unit: ConversationUnit, position: number) =>
    position < tailStart &&
    unit.start !== currentUser &&
    !isUnitFrozen(context, unit);

  const edits: PlannedEdit[] = [];
  let runStart = -1;
  let runEnd = -1;
  const flush = () => {
    if (runStart >= 0) {
      const edit = planFold(context, runStart, runEnd);
      if (edit !== undefined) edits.push(edit);
    }
    runStart = -1;
  };
  units.forEach((unit, position) => {
    if (!foldable(unit, position)) {
      flush();
      return;
    }
    if (runStart < 0) runStart = unit.start;
    runEnd = unit.end;
  });
  flush();
  if (edits.length === 0) return undefined;
  return { strategy: 'lastResort', edits, tasks: [], skipped: [] };
};

function planFold(
  context: StrategyContext,
  start: number,
  end: number,
): PlannedEdit | undefined {
  const { messages, config, counter, generateId } = context;
  if (end - start < 2) return undefined;
  const span = messages.slice(start, end);
  const transcript = renderTranscript(span);
  const ledger = extractIdentifierLedger(transcript);
  const needsUser = start === 0 || messages[start - 1]!.role !== 'user';
  // Ids are drawn only once the fold is known to pay off.
  const draft = buildFold({
    span,
    ledger,
    transcript,
    needsUser,
    previewChars: config.offloadSinglePreview,
    ids: ['x', 'x', 'x'],
  });
  if (counter.countMessages(draft) >= counter.countMessages(span))
    return undefined;
  const offloadId = generateId();
  const ids = needsUser
    ? [offloadId, generateId(), generateId()]
    : [offloadId, generateId()];
  const fold = buildFold({
    span,
    ledger,
    transcript,
    needsUser,
    previewChars: config.offloadSinglePreview,
    ids,
  });
  return {
    range: { start, end },
    offloads: { [offloadId]: span },
    taskKeys: [],
    build: () => fold,
  };
}

interface BuildFoldOptions {
  readonly span: readonly Message[];
  readonly ledger: ReturnType<typeof extractIdentifierLedger>;
  readonly transcript: string;
  readonly needsUser: boolean;
  readonly previewChars: number;
  /** Offload id, then the user stub's id (when needed), then the assistant stub's. */
  readonly ids: readonly string[];
}

function buildFold({
  span,
  ledger,
  transcript,
  needsUser,
  previewChars,
  ids,
}: BuildFoldOptions): Message[] {
  const offloadId = ids[0]!;
  const marker = {
    kind: 'last-resort',
    strategy: 'lastResort',
    offloadId,
  } as const;
  const summary = `Folded ${span.length} messages.\n${createPreview(transcript, previewChars)}`;
  const stub = createMarkedTextMessage({
    id: ids[needsUser ? 2 : 1]!,
    role: 'assistant',
    text: composeSummaryText({ summary, ledger, offloadId }),
    marker: { ...marker, ledger, replaces: span.map((message) => message.id) },
  });
  if (!needsUser) return [stub];
  return [
    createMarkedTextMessage({
      id: ids[1]!,
      role: 'user',
      text: LAST_RESORT_USER_TEXT,
      marker,
    }),
    stub,
  ];
}
