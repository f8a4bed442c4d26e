import type { IdentifierLedger } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import { extractIdentifierLedger } from '../../summary/text/extract-identifier-ledger';
import { mergeLedgers } from '../../summary/text/merge-ledgers';
import { LEDGER_MAX_CHARS } from '../../summary/text/render-ledger';
import { renderTranscript } from '../../summary/text/render-transcript';
import { writeSectionedSummary } from '../../summary/summarizer/write-sectioned-summary';
import type {
  PlannedEdit,
  Strategy,
  StrategyContext,
} from './compression-plan';
import { composeSummaryText } from './compose-summary-text';
import { createMarkedTextMessage } from './create-marked-text-message';
import { listConversationUnits } from './conversation-units';
import { flattenFoldedSpan } from './flatten-folded-span';
import { DRAFT_OFFLOAD_ID, sizeSummaryToRoom } from './size-summary-to-room';
import type { ConversationUnit } from './conversation-units';
import { isUnitFrozen } from './strategy-guards';

/**
 * Units (whole exchanges or single messages) at the end of the conversation
 * the last resort keeps **when they fit**: with the rest folded, the working
 * messages must fit the budget, or fewer tail units are kept (down to none).
 */
export const LAST_RESORT_TAIL_UNITS = 2;

/** Text of the synthetic user message that opens a last-resort fold. */
export const LAST_RESORT_USER_TEXT =
  'Earlier conversation (folded to fit the context budget)';

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

  // Levels, gentlest first: keep the last two units, one, none; then compact
  // folds (no summary, no ledger). At each level the folds' summaries share
  // the room the rest of the prompt leaves under the budget. The first level
  // that fits is taken, the last one otherwise.
  const levels: { keep: number; compact: boolean; request?: boolean }[] = [];
  for (
    let keep = Math.min(LAST_RESORT_TAIL_UNITS, units.length);
    keep >= 0;
    keep--
  ) {
    levels.push({ keep, compact: false });
  }
  levels.push({ keep: 0, compact: true });
  if (movableWithRequest.some((value, position) => value !== movable[position]))
    levels.push({ keep: 0, compact: true, request: true });
  // A set that fits but had to leave a fold without its summary is taken
  // only when no later set fits with every summary (the one with the most
  // summaries, then the gentlest); compact folds only when nothing else fits.
  let chosen: FoldDraft[] = [];
  let fallback: FoldDraft[] | undefined;
  const summaries = (set: readonly FoldDraft[]) =>
    set.filter((draft) => draft.summary.includes('\n')).length;
  levels: for (const { keep, compact, request } of levels) {
    if (compact && fallback !== undefined) break;
    const tailStart = units.length - keep;
    const candidates = compact
      ? [
          planRuns(
            units,
            request === true ? movableWithRequest : movable,
            tailStart,
            (start, end) => draftOf(start, end, COMPACT),
          ),
        ]
      : planSizedRuns(context, units, movable, tailStart, total, draftOf);
    for (const candidate of candidates) {
      const after = candidate.reduce(
        (sum, draft) => sum - draft.spanTokens + draft.foldTokens,
        total,
      );
      if (candidate.length > 0 || chosen.length === 0) chosen = candidate;
      if (after >= context.messageBudget) continue;
      if (compact || candidate.every(hasSummary)) {
        fallback = undefined;
        break levels;
      }
      if (fallback === undefined || summaries(candidate) > summaries(fallback))
        fallback = candidate;
    }
  }
  if (fallback !== undefined) chosen = fallback;
  if (chosen.length === 0) return undefined;
  return {
    strategy: 'lastResort',
    edits: chosen.map((draft) => finalizeFold(context, draft)),
    tasks: [],
    skipped: [],
  };
};

/** The folds of every maximal run of movable units before `tailStart`. */
function planRuns(
  units: readonly ConversationUnit[],
  movable: readonly boolean[],
  tailStart: number,
  draftOf: (start: number, end: number) => FoldDraft | undefined,
): FoldDraft[] {
  const folds: FoldDraft[] = [];
  let runStart = -1;
  let runEnd = -1;
  const flush = () => {
    if (runStart >= 0) {
      const draft = draftOf(runStart, runEnd);
      if (draft !== undefined) folds.push(draft);
    }
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
  return folds;
}

/** Whether a fold carries a summary, or stands for too little to need one. */
function hasSummary(draft: FoldDraft): boolean {
  return (
    draft.summary.includes('\n') ||
    draft.transcript.length < LAST_RESORT_MIN_SUMMARY_CHARS * 2
  );
}

/** `draftFold`'s body size for a compact fold (header and tag only). */
const COMPACT = -1;

/**
 * Fewest characters a fold's summary gets; with less room the fold keeps its
 * ledger only (a summary shorter than this is mostly headings).
 */
export const LAST_RESORT_MIN_SUMMARY_CHARS = 160;

/** Longest fold summary, as the extractive summarizer's default. */
const MAX_SUMMARY_CHARS = 4000;

/**
 * The candidate fold sets of one level, gentlest first: the newest run of
 * movable units alone, then the two newest, … then every run (so a working
 * summary further up is folded again only when folding what came after it is
 * not enough). In each set the summaries are sized to the budget: the runs
 * are first drafted without a summary (header, ledger, tag); the tokens the
 * rest of the prompt leaves under `messageBudget` are then shared among the
 * set's runs in proportion to their size (`sizeSummaryToRoom`: each run's own
 * characters per token, at most a quarter of its transcript, as the
 * extractive summarizer writes by default) and each run is drafted again with
 * a sectioned summary of that size.
 */
function planSizedRuns(
  context: StrategyContext,
  units: readonly ConversationUnit[],
  movable: readonly boolean[],
  tailStart: number,
  total: number,
  draftOf: (
    start: number,
    end: number,
    bodyChars: number,
  ) => FoldDraft | undefined,
): FoldDraft[][] {
  const bare = planRuns(units, movable, tailStart, (start, end) =>
    draftOf(start, end, 0),
  );
  if (bare.length === 0) return [bare];
  const sets: FoldDraft[][] = [];
  for (let first = bare.length - 1; first >= 0; first--) {
    const set = bare.slice(first);
    const spans = set.reduce((sum, draft) => sum + draft.spanTokens, 0);
    const skeletons = set.reduce((sum, draft) => sum + draft.foldTokens, 0);
    const room =
      context.messageBudget - (total - spans) - skeletons - FIT_MARGIN_TOKENS;
    const shares = shareRoom(
      room,
      set.map((draft) => draft.transcriptTokens),
      SUMMARY_MAX_SHARE,
    );
    sets.push(
      set.map((draft, position) => {
        const chars = sizeSummaryToRoom({
          roomTokens: shares[position]!,
          transcript: draft.transcript,
          transcriptTokens: draft.transcriptTokens,
          counter: context.counter,
          maxShare: SUMMARY_MAX_SHARE,
          maxChars: MAX_SUMMARY_CHARS,
        });
        if (chars < LAST_RESORT_MIN_SUMMARY_CHARS) return draft;
        return draftOf(draft.start, draft.end, chars) ?? draft;
      }),
    );
  }
  return sets;
}

/** Longest fold summary, as a share of its transcript (the extractive summarizer's default). */
const SUMMARY_MAX_SHARE = 0.5;

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

/** Tokens kept free when sizing fold summaries (counting is per message, not additive). */
const FIT_MARGIN_TOKENS = 8;

const EMPTY_LEDGER: IdentifierLedger = {
  paths: [],
  identifiers: [],
  numbers: [],
  errors: [],
};

interface FoldDraft {
  readonly start: number;
  readonly end: number;
  readonly span: readonly Message[];
  readonly originals: readonly Message[];
  readonly summary: string;
  readonly ledger: IdentifierLedger;
  /** Longest rendered ledger (0: none). */
  readonly ledgerMaxChars: number;
  readonly generation: number;
  readonly needsUser: boolean;
  readonly spanTokens: number;
  readonly foldTokens: number;
  /** The originals' transcript, and its tokens. */
  readonly transcript: string;
  readonly transcriptTokens: number;
}

/**
 * The fold of `[start, end)` without ids, or `undefined` when it would not save
 * tokens. `bodyChars`: the sectioned summary's size (0: none, the ledger only;
 * `COMPACT`: no summary and no ledger).
 */
interface SpanText {
  readonly flat: ReturnType<typeof flattenFoldedSpan>;
  readonly transcript: string;
  readonly transcriptTokens: number;
  /** The span's ledger (earlier ones and what its fresh messages name), made on first use. */
  ledger?: IdentifierLedger;
}

function draftFold(
  context: StrategyContext,
  start: number,
  end: number,
  bodyChars: number,
  spans: Map<string, SpanText>,
): FoldDraft | undefined {
  const { messages, counter } = context;
  if (end <= start) return undefined;
  const span = messages.slice(start, end);
  const spanKey = `${start}:${end}`;
  let spanText = spans.get(spanKey);
  if (spanText === undefined) {
    const flattened = flattenFoldedSpan(span, context.lookupOffload);
    const rendered = renderTranscript(flattened.originals);
    spanText = {
      flat: flattened,
      transcript: rendered,
      transcriptTokens: counter.countText(rendered),
    };
    spans.set(spanKey, spanText);
  }
  const { flat, transcript } = spanText;
  if (flat.originals.length === 0) return undefined;
  const header = `Folded ${flat.originals.length} message${flat.originals.length === 1 ? '' : 's'}.`;
  let summary = header;
  let ledger: IdentifierLedger = EMPTY_LEDGER;
  let ledgerMaxChars = 0;
  if (bodyChars !== COMPACT) {
    // The same for every size a span is drafted at: made once per span.
    spanText.ledger ??= mergeLedgers(
      ...flat.ledgers,
      extractIdentifierLedger(renderTranscript(flat.fresh)),
    );
    ledger = spanText.ledger;
    const body =
      bodyChars > 0 ? writeSectionedSummary(transcript, bodyChars) : '';
    if (body !== '') summary = `${header}\n${body}`;
    // The ledger fills what the summary left of its room, no more: a flat
    // list does not say what belongs to what.
    ledgerMaxChars = Math.min(LEDGER_MAX_CHARS, bodyChars - body.length);
  }
  const needsUser = start === 0 || messages[start - 1]!.role !== 'user';
  const draft = {
    start,
    end,
    span,
    originals: flat.originals,
    summary,
    ledger,
    ledgerMaxChars,
    generation: flat.generation + 1,
    needsUser,
    spanTokens: counter.countMessages(span),
    foldTokens: 0,
    transcript,
    transcriptTokens: spanText.transcriptTokens,
  };
  const foldTokens = counter.countMessages(
    buildFold(
      draft,
      needsUser ? [DRAFT_OFFLOAD_ID, 'x', 'x'] : [DRAFT_OFFLOAD_ID, 'x'],
    ),
  );
  if (foldTokens >= draft.spanTokens) return undefined;
  return { ...draft, foldTokens };
}

function finalizeFold(context: StrategyContext, draft: FoldDraft): PlannedEdit {
  const { generateId } = context;
  const offloadId = generateId();
  const ids = draft.needsUser
    ? [offloadId, generateId(), generateId()]
    : [offloadId, generateId()];
  const fold = buildFold(draft, ids);
  return {
    range: { start: draft.start, end: draft.end },
    offloads: { [offloadId]: draft.originals },
    taskKeys: [],
    replacement: fold,
  };
}

/** Ids: the offload id, then the user stub's id (when needed), then the assistant stub's. */
function buildFold(draft: FoldDraft, ids: readonly string[]): Message[] {
  const offloadId = ids[0]!;
  const marker = {
    kind: 'last-resort',
    strategy: 'lastResort',
    offloadId,
    generation: draft.generation,
  } as const;
  const stub = createMarkedTextMessage({
    id: ids[draft.needsUser ? 2 : 1]!,
    role: 'assistant',
    text: composeSummaryText({
      summary: draft.summary,
      ledger: draft.ledger,
      offloadId,
      ledgerMaxChars: draft.ledgerMaxChars,
    }),
    marker: {
      ...marker,
      ledger: draft.ledger,
      replaces: draft.span.map((message) => message.id),
    },
  });
  if (!draft.needsUser) return [stub];
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
