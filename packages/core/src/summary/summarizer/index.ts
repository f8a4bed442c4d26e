export type { CreateExtractiveSummarizerOptions } from './create-extractive-summarizer';
export { createExtractiveSummarizer } from './create-extractive-summarizer';
export type {
  Summarizer,
  SummarizerUsage,
  SummaryRequest,
  SummaryResult,
} from './summarizer';
export type { SummarySection } from './section-headings';
export { SECTION_HEADINGS } from './section-headings';
export type { SectionedSummaryVocabulary } from './sectioned-summary-vocabulary';
export { DEFAULT_SECTIONED_SUMMARY_VOCABULARY } from './sectioned-summary-vocabulary';
export type { WriteSectionedSummaryOptions } from './write-sectioned-summary';
export { writeSectionedSummary } from './write-sectioned-summary';
export type {
  SummarizeSpanOptions,
  SummarizeSpanResult,
} from './summarize-span';
export { summarizeSpan } from './summarize-span';
