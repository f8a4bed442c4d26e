import type { Strategy, StrategyContext } from './compression-plan';
import type { ConversationUnit } from './conversation-units';
import { listConversationUnits } from './conversation-units';
import { COMPACT, draftFold, finalizeFold } from './last-resort-fold';
import type { FoldDraft, SpanText } from './last-resort-fold';
import { planRuns, planSizedRuns } from './plan-sized-runs';
import type { FoldSet } from './plan-sized-runs';
import { isUnitFrozen } from './strategy-guards';
import {
  LAST_RESORT_MIN_SUMMARY_CHARS,
  LAST_RESORT_TAIL_UNITS,
} from './tuning';

/**
 * The deterministic, lossless last resort (no LLM), for when the other
 * strategies could not bring the context under the hard budget (`maxToken`).
 * It makes the budget a guarantee: afterwards the prompt exceeds `maxToken`
 * only when what it may not touch does on its own.
 *
 * Never folded: system messages, the current round's user message (except
 * at the last level, below, when it is not protected), protected
 * messages (pinned, never-compress, the in-flight exchange), and the last
 * unit (a fold ends on an assistant stub; the conversation must not end on a
 * synthetic message). Everything else the model has already seen may be folded,
 * large assistant texts and tool calls with large inputs included.
 *
 * Levels, gentlest first, the first whose result fits `messageBudget` wins
 * (the last one otherwise): keep the last `LAST_RESORT_TAIL_UNITS` units
 * verbatim, then one, then none; then compact folds (header and tag only, no
 * summary, no ledger: the originals are one reload away); then, when even
 * that does not fit and the current round's user message is not protected
 * (the budget is a guarantee: #11 item 5), compact folds that take it in
 * too. Folds are measured
 * with a fixed offload id as long as a real one, so decisions do not depend
 * on the random ids and a level that fits in the draft fits once applied.
 *
 * Folds are made per maximal run of foldable units (on exchange boundaries),
 * and only when the fold has fewer tokens than the run (a single large message
 * is a run too). Folds are **flat** (`flattenFoldedSpan`): an earlier fold,
 * rollup or stub inside the run is replaced by the messages of its offload
 * entry, so the new entry holds original messages and the new fold replaces
 * the earlier one (`generation` + 1) instead of nesting it.
 *
 * Output per run, all marked `{ kind: 'last-resort', strategy: 'lastResort', offloadId, generation }`:
 * - when the message before the run is not a user message: a user message
 *   `LAST_RESORT_USER_TEXT` followed by an assistant stub;
 * - after a user message (the current round's, typically): the assistant stub
 *   alone, so roles keep alternating.
 * The assistant stub's text is `Folded N messages.` (N originals), a
 * sectioned extractive summary of the originals' transcript
 * (`writeSectionedSummary`: the request, the calls with their arguments and
 * outcomes as records, the next step) sized to the room the rest of the prompt
 * leaves under the budget (`planSizedRuns`; none below
 * `LAST_RESORT_MIN_SUMMARY_CHARS`), the ledger (earlier ledgers merged with
 * the new content's, minus what the summary holds) and the tag
 * (`composeSummaryText`); its marker also has `ledger` and `replaces`. Ids:
 * offload id, then the user stub's (when there is one), then the assistant
 * stub's, run by run.
 */
export const lastResort: Strategy = (context) => {
  const { messages, structure, counter } = context;
  const units = listConversationUnits(structure, messages.length);
  const { movable, movableWithRequest } = findMovableUnits(context, units);
  const levels = listLevels(units.length, movable, movableWithRequest);
  const total = counter.countMessages(messages);
  const drafts = new Map<string, FoldDraft | undefined>();
  // One flattening and transcript per span, whatever the summary size.
  const spans = new Map<string, SpanText>();
  const draftOf = (start: number, end: number, bodyChars: number) => {
    const key = `${start}:${end}:${bodyChars}`;
    if (!drafts.has(key)) {
      drafts.set(key, draftFold(context, start, end, bodyChars, spans));
    }
    return drafts.get(key);
  };

  // A set that fits but had to leave a fold without its summary is taken
  // only when no later set fits with every summary (the one with the most
  // summaries, then the gentlest); compact folds only when nothing else fits.
  // A set whose folds do not fit even without summaries is passed over from
  // its counts: its summaries are never written.
  let chosen: FoldSet | undefined;
  let fallback: readonly FoldDraft[] | undefined;
  const summaries = (set: readonly FoldDraft[]) =>
    set.filter((draft) => draft.summary.includes('\n')).length;
  const tokensAfter = (set: readonly FoldDraft[]) =>
    set.reduce(
      (sum, draft) => sum - draft.spanTokens + draft.foldTokens,
      total,
    );
  levels: for (const { keep, compact, request } of levels) {
    if (compact && fallback !== undefined) break;
    const tailStart = units.length - keep;
    const candidates: Iterable<FoldSet> = compact
      ? [
          compactSet(
            planRuns(
              units,
              request === true ? movableWithRequest : movable,
              tailStart,
              (start, end) => draftOf(start, end, COMPACT),
            ),
          ),
        ]
      : planSizedRuns(context, units, movable, tailStart, total, draftOf);
    for (const candidate of candidates) {
      if (candidate.bare.length > 0 || chosen === undefined) chosen = candidate;
      if (tokensAfter(candidate.bare) >= context.messageBudget) continue;
      const drafts = candidate.sized();
      if (tokensAfter(drafts) >= context.messageBudget) continue;
      if (compact || drafts.every(hasSummary)) {
        fallback = undefined;
        break levels;
      }
      if (fallback === undefined || summaries(drafts) > summaries(fallback))
        fallback = drafts;
    }
  }
  const folds = fallback ?? chosen?.sized() ?? [];
  if (folds.length === 0) return undefined;
  return {
    strategy: 'lastResort',
    edits: folds.map((draft) => finalizeFold(context, draft)),
    tasks: [],
    skipped: [],
  };
};

/** A compact level's one candidate: its folds carry no summary to size. */
function compactSet(folds: readonly FoldDraft[]): FoldSet {
  return { bare: folds, sized: () => folds };
}

/** Whether a fold carries a summary, or stands for too little to need one. */
function hasSummary(draft: FoldDraft): boolean {
  return (
    draft.summary.includes('\n') ||
    draft.transcript.length < LAST_RESORT_MIN_SUMMARY_CHARS * 2
  );
}

/** Which units a fold may take, per position of `units`. */
function findMovableUnits(
  context: StrategyContext,
  units: readonly ConversationUnit[],
): { movable: boolean[]; movableWithRequest: boolean[] } {
  const { messages, structure } = context;
  const currentUser =
    structure.rounds.length > 0 ? structure.currentRoundStart : -1;
  // A fold ends on an assistant stub: the last unit stays, so the
  // conversation never ends on a message ACM wrote.
  const movable = units.map(
    (unit) =>
      unit.start !== currentUser &&
      unit.end !== messages.length &&
      !isUnitFrozen(context, unit),
  );
  // The current round's user message is folded only as the very last level,
  // when it is not protected (too large for the room, see
  // `createStrategyContext`) and nothing else fits: one fold then stands
  // for everything before the in-flight exchange.
  const movableWithRequest = units.map(
    (unit, position) =>
      movable[position]! ||
      (unit.start === currentUser &&
        unit.end !== messages.length &&
        !isUnitFrozen(context, unit)),
  );
  return { movable, movableWithRequest };
}

/** One level of the last resort: how many tail units it keeps, and how it folds. */
interface Level {
  readonly keep: number;
  readonly compact: boolean;
  readonly request?: boolean;
}

/**
 * Levels, gentlest first: keep the last two units, one, none; then compact
 * folds (no summary, no ledger); then compact folds that take in the current
 * round's user message, when it is movable. At each level the folds'
 * summaries share the room the rest of the prompt leaves under the budget.
 * The first level that fits is taken, the last one otherwise.
 */
function listLevels(
  unitCount: number,
  movable: readonly boolean[],
  movableWithRequest: readonly boolean[],
): Level[] {
  const levels: Level[] = [];
  for (
    let keep = Math.min(LAST_RESORT_TAIL_UNITS, unitCount);
    keep >= 0;
    keep--
  ) {
    levels.push({ keep, compact: false });
  }
  levels.push({ keep: 0, compact: true });
  if (movableWithRequest.some((value, position) => value !== movable[position]))
    levels.push({ keep: 0, compact: true, request: true });
  return levels;
}
