export type { CreateExtractiveSummarizerOptions } from './create-extractive-summarizer';
export { createExtractiveSummarizer } from './create-extractive-summarizer';
export type {
  Summarizer,
  SummarizerUsage,
  SummaryRequest,
  SummaryResult,
} from './summarizer';
