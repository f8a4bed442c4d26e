export type { Summarizer, SummarizerUsage, SummaryRequest, SummaryResult } from './summarizer';
