import { AcmError } from './acm-error';

const name = 'AcmTokenizerError';
const marker = `acm.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * Why counting failed: `not-loaded` when a count was asked for synchronously
 * where the rank data can only be loaded asynchronously (browsers, edge
 * runtimes: `await warmUp()` first); `load-failed` when loading the rank data
 * threw; `counter-failed` when an injected counter threw or returned something
 * that is not a count (a finite number ≥ 0).
 */
export type TokenizerFailureReason =
  'not-loaded' | 'load-failed' | 'counter-failed';

/** Tokens could not be counted. Nothing was counted and nothing changed. */
export class TokenizerError extends AcmError {
  private readonly [symbol] = true;
  declare readonly code: 'TOKENIZER_FAILURE';

  readonly reason: TokenizerFailureReason;
  /** The encoding that could not be used, e.g. `o200k_base`, when the exact tokenizer failed. */
  readonly encoding: string | undefined;
  /** The counter's `name`, when an injected counter with a name failed. */
  readonly counterName: string | undefined;

  constructor({
    reason,
    encoding,
    counterName,
    message,
    cause,
  }: {
    reason: TokenizerFailureReason;
    encoding?: string;
    counterName?: string;
    message: string;
    cause?: unknown;
  }) {
    super({ name, code: 'TOKENIZER_FAILURE', message, cause });
    this.reason = reason;
    this.encoding = encoding;
    this.counterName = counterName;
  }

  static override isInstance(error: unknown): error is TokenizerError {
    return AcmError.hasMarker(error, marker);
  }
}
