export type { CreateExtractiveSummarizerOptions } from './create-extractive-summarizer';
export { createExtractiveSummarizer } from './create-extractive-summarizer';
export type {
  Summarizer,
  SummarizerUsage,
  SummaryRequest,
  SummaryResult,
} from './summarizer';
export type { SummarySection } from './write-sectioned-summary';
export {
  SECTION_HEADINGS,
  writeSectionedSummary,
} from './write-sectioned-summary';
export type {
  SummarizeSpanOptions,
  SummarizeSpanResult,
} from './summarize-span';
export { summarizeSpan } from './summarize-span';
