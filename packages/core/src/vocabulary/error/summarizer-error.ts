import { AcmError } from './acm-error';

const name = 'AcmSummarizerError';
const marker = `acm.error.${name}`;
const symbol = Symbol.for(marker);

/** Why a summary was not usable. */
export type SummarizerFailureReason =
  | 'threw'
  | 'timeout'
  | 'aborted'
  | 'empty'
  | 'not-shorter'
  | 'error-text'
  /** The summarizer resolved with something other than `{ text: string }`. */
  | 'invalid-result';

/** A summarizer call failed or returned something unusable; the pass was not applied. */
export class SummarizerError extends AcmError {
  private readonly [symbol] = true;
  declare readonly code: 'SUMMARIZER_FAILURE';

  readonly reason: SummarizerFailureReason;

  constructor({
    reason,
    message,
    cause,
  }: {
    reason: SummarizerFailureReason;
    message: string;
    cause?: unknown;
  }) {
    super({ name, code: 'SUMMARIZER_FAILURE', message, cause });
    this.reason = reason;
  }

  static override isInstance(error: unknown): error is SummarizerError {
    return AcmError.hasMarker(error, marker);
  }
}
