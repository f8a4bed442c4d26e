import type { AcmErrorCode } from './error-codes';

const name = 'AcmError';
const marker = `acm.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * Base class of every error ACM throws.
 *
 * `isInstance` checks a `Symbol.for` marker rather than the prototype chain, so it
 * keeps working when two copies of `@acm/core` end up in one process (where
 * `instanceof` does not).
 */
export class AcmError extends Error {
  private readonly [symbol] = true;

  readonly code: AcmErrorCode;
  override readonly cause?: unknown;

  constructor({
    name = 'AcmError',
    code,
    message,
    cause,
  }: {
    name?: string;
    code: AcmErrorCode;
    message: string;
    cause?: unknown;
  }) {
    super(message);
    this.name = name;
    this.code = code;
    this.cause = cause;
  }

  /** Whether `error` is an ACM error of any kind, from any copy of this package. */
  static isInstance(error: unknown): error is AcmError {
    return AcmError.hasMarker(error, marker);
  }

  /** @internal Checks the cross-copy marker that each subclass declares. */
  protected static hasMarker(error: unknown, markerName: string): boolean {
    const markerSymbol = Symbol.for(markerName);
    return (
      error != null &&
      typeof error === 'object' &&
      markerSymbol in error &&
      (error as Record<symbol, unknown>)[markerSymbol] === true
    );
  }
}
