import { createPreview } from '../text/create-preview';
import { createErrorLinePattern } from '../text/create-error-line-pattern';
import { cutHead, cutText } from '../text/cut-text';
import { TRANSCRIPT_BLOCK_HEADER } from '../text/transcript-block-header';
import type { SectionedSummaryVocabulary } from './sectioned-summary-vocabulary';
import { DEFAULT_SECTIONED_SUMMARY_VOCABULARY } from './sectioned-summary-vocabulary';
import type { Summarizer, SummaryRequest } from './summarizer';
import { writeSectionedSummary } from './write-sectioned-summary';

export interface CreateExtractiveSummarizerOptions {
  /**
   * Longest summary written when the request has no `targetChars`; below that the
   * summary aims at a quarter of the transcript.
   * @default 4000
   */
  readonly maxChars?: number;
  /**
   * The words of the tools and harnesses the transcripts come from, as the
   * sectioned summary reads them (see `SectionedSummaryVocabulary`).
   * @default DEFAULT_SECTIONED_SUMMARY_VOCABULARY
   */
  readonly vocabulary?: SectionedSummaryVocabulary;
  /**
   * The summarizer's `readOriginalsUpTo`: new working summaries are made from
   * the originals behind earlier ones while their transcript is at most this
   * long (it costs no tokens, and a summary of a summary keeps fewer facts),
   * then from the earlier summary's text and what is new (so the work per
   * summary stops growing with the session).
   * @default 256000
   */
  readonly readOriginalsUpTo?: number;
}

/** Longest line kept from a block (longer lines keep their head and tail). */
const MAX_LINE_CHARS = 200;

/** Below this many characters a head-and-tail preview is mostly marker: cut the head instead. */
const MIN_PREVIEW_CHARS = 120;

/**
 * A summarizer without an LLM: deterministic, offline, instant. It writes the
 * sectioned summary the default prompts ask for (task and constraints, progress
 * and decisions, files and changes, errors and fixes, next step) out of the
 * transcript's own lines (`writeSectionedSummary`), so that offline results are
 * representative; identifiers stay in the sentence or record they came with.
 * The summary is fitted to `targetChars` when the request sets it, else to a
 * quarter of the transcript and at most `maxChars`; a transcript without
 * blocks falls back to its first, last and error lines. The text is always shorter than the transcript (and non-empty when
 * the transcript has two code points or more). Usage is reported as zero.
 * Used offline (CLI, examples) and as the fallback when an LLM call fails.
 * It costs no tokens, so working summaries re-read the originals for it up
 * to `readOriginalsUpTo` characters (an LLM summarizer gets incremental input).
 */
export function createExtractiveSummarizer({
  maxChars = 4000,
  vocabulary = DEFAULT_SECTIONED_SUMMARY_VOCABULARY,
  readOriginalsUpTo = 256_000,
}: CreateExtractiveSummarizerOptions = {}): Summarizer {
  const summarize = ({ transcript, targetChars, signal }: SummaryRequest) =>
    Promise.resolve().then(() => {
      signal.throwIfAborted();
      return {
        text: summarizeExtractively(
          transcript,
          targetChars,
          maxChars,
          vocabulary,
        ),
        usage: { inputTokens: 0, outputTokens: 0 },
      };
    });
  return Object.assign(summarize, { readOriginalsUpTo });
}

function summarizeExtractively(
  transcript: string,
  targetChars: number | undefined,
  maxChars: number,
  vocabulary: SectionedSummaryVocabulary,
): string {
  const wanted =
    targetChars ?? Math.min(maxChars, Math.ceil(transcript.length * 0.25));
  const budget = Math.min(
    Math.max(1, Math.floor(wanted)),
    transcript.length - 1,
  );
  if (budget <= 0) return '';
  const text = fitSummary(transcript, budget, vocabulary);
  if (text !== '') return text;
  // A budget of one unit that would split a surrogate pair: keep the first code point.
  const first = String.fromCodePoint(transcript.codePointAt(0)!);
  return first.length < transcript.length ? first : '';
}

function fitSummary(
  transcript: string,
  budget: number,
  vocabulary: SectionedSummaryVocabulary,
): string {
  const sectioned = writeSectionedSummary(transcript, budget, { vocabulary });
  if (sectioned !== '' && sectioned.length <= budget) return sectioned;
  return fitText(keepKeyLines(transcript), budget);
}

/** Each block's header, first line, error lines and last line; `…` where lines were left out. */
function keepKeyLines(transcript: string): string {
  const blocks: string[][] = [];
  for (const line of transcript.split('\n')) {
    if (TRANSCRIPT_BLOCK_HEADER.test(line) || blocks.length === 0)
      blocks.push([line]);
    else if (line.trim() !== '') blocks[blocks.length - 1]!.push(line);
  }
  const kept: string[] = [];
  for (const [header, ...body] of blocks) {
    const lines = [header ?? ''];
    let skipped = false;
    body.forEach((line, index) => {
      const keep =
        index === 0 ||
        index === body.length - 1 ||
        createErrorLinePattern().test(line);
      if (keep) {
        if (skipped) lines.push('…');
        lines.push(line.trim());
        skipped = false;
      } else {
        skipped = true;
      }
    });
    kept.push(
      lines.map((line) => createPreview(line, MAX_LINE_CHARS)).join('\n'),
    );
  }
  return kept.join('\n\n');
}

/**
 * `text` cut to at most `maxLength` characters: head and tail around an omission
 * marker, or, below `MIN_PREVIEW_CHARS`, the head alone ending with `…`.
 */
function fitText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let keep = maxLength - 40;
  while (maxLength >= MIN_PREVIEW_CHARS && keep > 0) {
    const preview = createPreview(text, keep);
    if (preview.length <= maxLength) return preview;
    keep -= preview.length - maxLength;
  }
  if (maxLength <= 1) return cutHead(text, maxLength);
  return cutText(text, maxLength);
}
