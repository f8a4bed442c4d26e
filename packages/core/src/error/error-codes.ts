/**
 * Every error code that ACM throws, in one table. Codes are stable strings:
 * match on `error.code`, never on the message text.
 */
export const ACM_ERROR_CODES = {
  INVALID_CONFIG: 'INVALID_CONFIG',
  INVALID_MESSAGE: 'INVALID_MESSAGE',
  INVALID_STATE: 'INVALID_STATE',
  INVALID_ARGUMENT: 'INVALID_ARGUMENT',
  CONTRACT_VIOLATION: 'CONTRACT_VIOLATION',
  STORE_CONFLICT: 'STORE_CONFLICT',
  STORE_FAILURE: 'STORE_FAILURE',
  SUMMARIZER_FAILURE: 'SUMMARIZER_FAILURE',
  TOKENIZER_FAILURE: 'TOKENIZER_FAILURE',
  UNKNOWN: 'UNKNOWN',
} as const;

export type AcmErrorCode =
  (typeof ACM_ERROR_CODES)[keyof typeof ACM_ERROR_CODES];
