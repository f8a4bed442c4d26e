import type {
  AcmMarker,
  IdentifierLedger,
} from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import { extractIdentifierLedger } from '../../summary/text/extract-identifier-ledger';
import { mergeLedgers } from '../../summary/text/merge-ledgers';
import { LEDGER_MAX_CHARS } from '../../summary/text/render-ledger';
import { renderTranscript } from '../../summary/text/render-transcript';
import { writeSectionedSummary } from '../../summary/summarizer/write-sectioned-summary';
import type { PlannedEdit, StrategyContext } from './compression-plan';
import { collectSummaryInput } from './collect-summary-input';
import { composeSummaryText } from './compose-summary-text';
import { createMarkedTextMessage } from './create-marked-text-message';
import { flattenFoldedSpan } from './flatten-folded-span';
import { DRAFT_OFFLOAD_ID, estimateSizingTokens } from './size-summary-to-room';

/** Text of the synthetic user message that opens a last-resort fold. */
export const LAST_RESORT_USER_TEXT =
  'Earlier conversation (folded to fit the context budget)';

/**
 * Characters of originals a fold's extract (`writeSectionedSummary`, no
 * tokens) reads again from behind earlier summaries: as the extractive
 * summarizer's default `readOriginalsUpTo`. Past it the extract is written
 * from the incremental input (`collectSummaryInput`: earlier summaries' text
 * and what no summary accounts for), so that a fold of the whole history
 * costs what is new, not the history, on every pass of the last resort.
 */
const EXTRACT_READS_ORIGINALS_UP_TO = 256_000;

/** `draftFold`'s body size for a compact fold (header and tag only). */
export const COMPACT = -1;

const EMPTY_LEDGER: IdentifierLedger = {
  paths: [],
  identifiers: [],
  numbers: [],
  errors: [],
};

export interface FoldDraft {
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
  /** The originals' transcript, and its tokens (`estimateSizingTokens`: sampled past 16 K characters). */
  readonly transcript: string;
  readonly transcriptTokens: number;
}

/** One span's flattening and transcript, shared by its drafts at every summary size. */
export interface SpanText {
  readonly flat: ReturnType<typeof flattenFoldedSpan>;
  readonly transcript: string;
  readonly transcriptTokens: number;
  /** The span's ledger (earlier ones and what its fresh messages name), made on first use. */
  ledger?: IdentifierLedger;
  /** What the fold's extract is written from (see `EXTRACT_READS_ORIGINALS_UP_TO`), made on first use. */
  extractSource?: string;
}

/**
 * The fold of `[start, end)` without ids, or `undefined` when it would not save
 * tokens. `bodyChars`: the sectioned summary's size (0: none, the ledger only;
 * `COMPACT`: no summary and no ledger).
 */
export function draftFold(
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
      // Sampled past 16 K characters: a span holding the working summary
      // stands for the whole history, which must not be tokenized again on
      // every pass of the last resort (#29 item 2).
      transcriptTokens: estimateSizingTokens(rendered, counter),
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
    let body = '';
    if (bodyChars > 0) {
      spanText.extractSource ??=
        transcript.length <= EXTRACT_READS_ORIGINALS_UP_TO
          ? transcript
          : renderTranscript(
              collectSummaryInput(span, {
                lookupOffload: context.lookupOffload,
                artifacts: 'as-is',
              }).messages,
            );
      body = writeSectionedSummary(spanText.extractSource, bodyChars);
    }
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

/** The edit of a draft fold, with its ids: offload id, then the user stub's (when needed), then the assistant stub's. */
export function finalizeFold(
  context: StrategyContext,
  draft: FoldDraft,
): PlannedEdit {
  const { generateId } = context;
  const offloadId = generateId();
  const ids = draft.needsUser
    ? [offloadId, generateId(), generateId()]
    : [offloadId, generateId()];
  // Written without the summarizer: the next summary reads the earlier
  // summaries' text this fold replaced (its `basis`) and the originals none
  // of them accounts for (`unsummarized`), not this fold's extract.
  const input = collectSummaryInput(draft.span, {
    lookupOffload: context.lookupOffload,
    artifacts: 'as-is',
  });
  const fold = buildFold(draft, ids, {
    unsummarized: input.originals.map((message) => message.id),
    ...(input.texts.length === 0 ? {} : { basis: input.texts.join('\n\n') }),
  });
  return {
    range: { start: draft.start, end: draft.end },
    offloads: { [offloadId]: draft.originals },
    taskKeys: [],
    replacement: fold,
  };
}

/** Ids: the offload id, then the user stub's id (when needed), then the assistant stub's. */
function buildFold(
  draft: FoldDraft,
  ids: readonly string[],
  sources: Pick<AcmMarker, 'basis' | 'unsummarized'> = {},
): Message[] {
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
      // Metadata, not counted: drafts leave it out.
      ...sources,
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
