import { parseTranscript } from '../text/parse-transcript';
import { collectSummaryItems } from './collect-summary-items';
import { detectSummaryLanguage } from './detect-summary-language';
import { fitSummaryItems } from './fit-summary-items';
import { SECTION_HEADINGS } from './section-headings';
import type { SectionedSummaryVocabulary } from './sectioned-summary-vocabulary';
import { DEFAULT_SECTIONED_SUMMARY_VOCABULARY } from './sectioned-summary-vocabulary';

/** Options of `writeSectionedSummary`. */
export interface WriteSectionedSummaryOptions {
  /**
   * The words of the tools and harnesses the transcript comes from: which
   * calls edit, act or run code, which result lines are wrapping.
   * @default DEFAULT_SECTIONED_SUMMARY_VOCABULARY
   */
  readonly vocabulary?: SectionedSummaryVocabulary;
}

/**
 * A deterministic, sectioned summary of a transcript (as `renderTranscript`
 * writes it), no longer than `maxChars`: what an LLM following the default
 * prompts would write, made of the transcript's own words.
 *
 * - **Task and constraints**: the first user request (head), later user
 *   requests and the sentences that state constraints.
 * - **Progress and decisions**: each tool call in one line (`name input`) with
 *   its outcome (the first informative line, or the records of a JSON result
 *   rendered compactly so that an id stays next to the fields and nested
 *   records that came with it), and the first sentence of the assistant's texts.
 * - **Files and changes**: every path a call touched, with what was done to it
 *   (edited, with the `sed` expression or the redirect; viewed; ran).
 * - **Errors and fixes**: each distinct error line, the call that produced it and
 *   the call that followed.
 * - **Next step**: the assistant's last stated intent and its last call.
 *
 * Earlier summaries in the transcript (`[assistant (rollup)]` …) contribute
 * their sections' lines to the same sections (merged, not nested). Items are
 * chosen by priority (`ITEM_PRIORITY`: task, next step, edits, errors, recent
 * work first) until the budget is spent, then printed in transcript order.
 * Headings follow the language of the user's text (English, French, German,
 * Spanish). Which calls edit, act or run code, and which result lines are a
 * harness's wrapping, is `options.vocabulary`'s to say. Pure.
 *
 * The steps: `parseTranscript` reads the transcript into blocks,
 * `collectSummaryItems` turns the blocks into candidate lines per section,
 * `detectSummaryLanguage` picks the headings and `fitSummaryItems` keeps the
 * lines that fit `maxChars`.
 */
export function writeSectionedSummary(
  transcript: string,
  maxChars: number,
  {
    vocabulary = DEFAULT_SECTIONED_SUMMARY_VOCABULARY,
  }: WriteSectionedSummaryOptions = {},
): string {
  const blocks = parseTranscript(transcript);
  const items = collectSummaryItems(blocks, maxChars, vocabulary);
  const headings = SECTION_HEADINGS[detectSummaryLanguage(blocks)]!;
  return fitSummaryItems(items, headings, maxChars);
}
