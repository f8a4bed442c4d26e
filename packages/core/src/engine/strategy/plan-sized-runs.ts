import type { StrategyContext } from './compression-plan';
import type { ConversationUnit } from './conversation-units';
import type { FoldDraft } from './last-resort-fold';
import { sizeSummaryToRoom } from './size-summary-to-room';
import {
  FIT_MARGIN_TOKENS,
  FOLD_SUMMARY_MAX_CHARS,
  FOLD_SUMMARY_MAX_SHARE,
  LAST_RESORT_MIN_SUMMARY_CHARS,
} from './tuning';

/** A span's fold drafted with a summary of `bodyChars` (cached by the caller). */
export type DraftFoldOf = (
  start: number,
  end: number,
  bodyChars: number,
) => FoldDraft | undefined;

/** The folds of every maximal run of movable units before `tailStart`. */
export function planRuns(
  units: readonly ConversationUnit[],
  movable: readonly boolean[],
  tailStart: number,
  draftOf: (start: number, end: number) => FoldDraft | undefined,
): FoldDraft[] {
  return listRuns(units, movable, tailStart).flatMap(
    ({ start, end }) => draftOf(start, end) ?? [],
  );
}

/** Every maximal run of movable units before `tailStart`, as message ranges, oldest first. */
function listRuns(
  units: readonly ConversationUnit[],
  movable: readonly boolean[],
  tailStart: number,
): { start: number; end: number }[] {
  const runs: { start: number; end: number }[] = [];
  let runStart = -1;
  let runEnd = -1;
  const flush = () => {
    if (runStart >= 0) runs.push({ start: runStart, end: runEnd });
    runStart = -1;
  };
  units.forEach((unit, position) => {
    if (position >= tailStart || !movable[position]) {
      flush();
      return;
    }
    if (runStart < 0) runStart = unit.start;
    runEnd = unit.end;
  });
  flush();
  return runs;
}

/**
 * One candidate fold set of a level: its runs drafted without a summary
 * (what the set's check reads: a summary only adds to a fold), and the same
 * runs with their summaries sized to the room, drafted on the first call
 * only (once per set).
 */
export interface FoldSet {
  /** The set's folds without summaries (header, tag; drafted once per run). */
  readonly bare: readonly FoldDraft[];
  /** The set's folds with their sized summaries (drafted on the first call). */
  readonly sized: () => readonly FoldDraft[];
}

/**
 * The candidate fold sets of one level, gentlest first: the newest run of
 * movable units alone, then the two newest, … then every run (so a working
 * summary further up is folded again only when folding what came after it is
 * not enough). Lazy and planned from counts: each run is drafted without a
 * summary (header, tag) when the first set that holds it is asked for, and a
 * set's summaries are written only when the caller asks for them
 * (`FoldSet.sized`), so a level costs at most one draft per run and one sized
 * draft per run of the sets it tries, not one per run and set (R(R+1)/2). In each set the summaries are sized to the budget: the tokens
 * the rest of the prompt leaves under `messageBudget` are shared among the
 * set's runs in proportion to their size (`sizeSummaryToRoom`: each run's own
 * characters per token, at most `FOLD_SUMMARY_MAX_SHARE` of its transcript and
 * `FOLD_SUMMARY_MAX_CHARS`) and each run is drafted with a sectioned summary
 * of that size (none below `LAST_RESORT_MIN_SUMMARY_CHARS`).
 */
export function* planSizedRuns(
  context: StrategyContext,
  units: readonly ConversationUnit[],
  movable: readonly boolean[],
  tailStart: number,
  total: number,
  draftOf: DraftFoldOf,
): Generator<FoldSet, void, undefined> {
  // Newest first, each run drafted when the first set that holds it is
  // asked for: a level that an early set satisfies never drafts the older
  // runs (often the working summary, which stands for the whole history).
  const runs = listRuns(units, movable, tailStart);
  const newest: FoldDraft[] = [];
  for (let position = runs.length - 1; position >= 0; position--) {
    const draft = draftOf(runs[position]!.start, runs[position]!.end, 0);
    if (draft === undefined) continue;
    newest.push(draft);
    const set = [...newest].reverse();
    let sized: readonly FoldDraft[] | undefined;
    yield {
      bare: set,
      sized: () => (sized ??= sizeSet(context, set, total, draftOf)),
    };
  }
  if (newest.length === 0) yield { bare: [], sized: () => [] };
}

/** The folds of `set` with their summaries sized to the room the rest of the prompt leaves. */
function sizeSet(
  context: StrategyContext,
  set: readonly FoldDraft[],
  total: number,
  draftOf: DraftFoldOf,
): FoldDraft[] {
  const spans = set.reduce((sum, draft) => sum + draft.spanTokens, 0);
  const skeletons = set.reduce((sum, draft) => sum + draft.foldTokens, 0);
  const room =
    context.messageBudget - (total - spans) - skeletons - FIT_MARGIN_TOKENS;
  const shares = shareRoom(
    room,
    set.map((draft) => draft.transcriptTokens),
    FOLD_SUMMARY_MAX_SHARE,
  );
  return set.map((draft, position) => {
    const chars = sizeSummaryToRoom({
      roomTokens: shares[position]!,
      transcript: draft.transcript,
      transcriptTokens: draft.transcriptTokens,
      counter: context.counter,
      maxShare: FOLD_SUMMARY_MAX_SHARE,
      maxChars: FOLD_SUMMARY_MAX_CHARS,
    });
    if (chars < LAST_RESORT_MIN_SUMMARY_CHARS) return draft;
    return draftOf(draft.start, draft.end, chars) ?? draft;
  });
}

/**
 * `room` tokens shared among folds in proportion to the size of what each
 * stands for (its originals' tokens, not the span's: an earlier fold is small
 * but holds much), none above `maxShare` of its own originals; what a capped
 * fold leaves goes to the others.
 */
function shareRoom(
  room: number,
  weights: readonly number[],
  maxShare: number,
): number[] {
  const shares = weights.map(() => 0);
  let pending = weights.map((_, position) => position);
  let remaining = Math.max(0, room);
  while (pending.length > 0) {
    const weight = pending.reduce(
      (sum, position) => sum + weights[position]!,
      0,
    );
    const capped = pending.filter(
      (position) =>
        weights[position]! * maxShare <=
        (remaining * weights[position]!) / Math.max(1, weight),
    );
    if (capped.length === 0) {
      for (const position of pending)
        shares[position] = Math.floor(
          (remaining * weights[position]!) / Math.max(1, weight),
        );
      break;
    }
    for (const position of capped) {
      shares[position] = Math.ceil(weights[position]! * maxShare);
      remaining -= shares[position];
    }
    pending = pending.filter((position) => !capped.includes(position));
  }
  return shares;
}
