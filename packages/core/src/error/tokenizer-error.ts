import { AcmError } from './acm-error';

const name = 'AcmTokenizerError';
const marker = `acm.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * Why the exact tokenizer could not count: `not-loaded` when a count was asked
 * for synchronously where the rank data can only be loaded asynchronously
 * (browsers, edge runtimes: `await warmUp()` first); `load-failed` when
 * loading the rank data threw.
 */
export type TokenizerFailureReason = 'not-loaded' | 'load-failed';

/** The exact tokenizer is not available. Nothing was counted and nothing changed. */
export class TokenizerError extends AcmError {
  private readonly [symbol] = true;
  declare readonly code: 'TOKENIZER_FAILURE';

  readonly reason: TokenizerFailureReason;
  /** The encoding that could not be used, e.g. `o200k_base`. */
  readonly encoding: string;

  constructor({
    reason,
    encoding,
    message,
    cause,
  }: {
    reason: TokenizerFailureReason;
    encoding: string;
    message: string;
    cause?: unknown;
  }) {
    super({ name, code: 'TOKENIZER_FAILURE', message, cause });
    this.reason = reason;
    this.encoding = encoding;
  }

  static override isInstance(error: unknown): error is TokenizerError {
    return AcmError.hasMarker(error, marker);
  }
}
