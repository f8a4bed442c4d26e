import { AcmError } from './acm-error';

const name = 'AcmTokenizerError';
const marker = `acm.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * The token counter failed: it threw, or returned something that is not a
 * count (a finite number ≥ 0). Nothing was changed.
 */
export class TokenizerError extends AcmError {
  private readonly [symbol] = true;
  declare readonly code: 'TOKENIZER_FAILURE';

  /** The counter's `name`, when it has one. */
  readonly counterName: string | undefined;

  constructor({
    counterName,
    message,
    cause,
  }: {
    counterName?: string;
    message: string;
    cause?: unknown;
  }) {
    super({ name, code: 'TOKENIZER_FAILURE', message, cause });
    this.counterName = counterName;
  }

  static override isInstance(error: unknown): error is TokenizerError {
    return AcmError.hasMarker(error, marker);
  }
}
