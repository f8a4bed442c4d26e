export { AcmError } from './acm-error';
export { ACM_ERROR_CODES } from './error-codes';
export type { AcmErrorCode } from './error-codes';
export { HistoryMismatchError } from './history-mismatch-error';
export type {
  HistoryMessageRef,
  HistoryMismatchDetails,
  HistoryMismatchReason,
} from './history-mismatch-error';
export { InvalidArgumentError } from './invalid-argument-error';
export { InvalidConfigError } from './invalid-config-error';
export { InvalidMessageError } from './invalid-message-error';
export type { InvalidMessageReason } from './invalid-message-error';
export { InvalidStateError } from './invalid-state-error';
export { StoreConflictError } from './store-conflict-error';
export { StoreError } from './store-error';
export { SummarizerError } from './summarizer-error';
export type { SummarizerFailureReason } from './summarizer-error';
export { toAcmError } from './to-acm-error';
export { ContractViolationError } from './contract-violation-error';
export { TokenizerError } from './tokenizer-error';
export type { TokenizerFailureReason } from './tokenizer-error';
