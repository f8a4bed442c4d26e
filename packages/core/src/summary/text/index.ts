export { createPreview } from './create-preview';
export type { ExtractIdentifierLedgerOptions } from './extract-identifier-ledger';
export {
  LEDGER_MAX_GROUP_ENTRIES,
  LEDGER_MAX_PER_KIND,
  extractIdentifierLedger,
} from './extract-identifier-ledger';
export { mergeLedgers } from './merge-ledgers';
export type { RenderLedgerOptions } from './render-ledger';
export { LEDGER_MAX_CHARS, LEDGER_PREFIX, renderLedger } from './render-ledger';
export { stripAcmArtifacts } from './strip-acm-artifacts';
export type { RenderTranscriptOptions } from './render-transcript';
export { renderTranscript } from './render-transcript';
export type {
  SummaryRejectionReason,
  SummaryValidation,
} from './validate-summary';
export { validateSummary } from './validate-summary';
