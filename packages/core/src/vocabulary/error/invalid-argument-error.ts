import { AcmError } from './acm-error';

const name = 'AcmInvalidArgumentError';
const marker = `acm.error.${name}`;
const symbol = Symbol.for(marker);

/** A function was called with an argument it cannot accept (a programmer error). */
export class InvalidArgumentError extends AcmError {
  private readonly [symbol] = true;
  declare readonly code: 'INVALID_ARGUMENT';

  readonly parameter: string;
  readonly value: unknown;

  constructor({
    parameter,
    value,
    message,
    cause,
  }: {
    parameter: string;
    value: unknown;
    message: string;
    cause?: unknown;
  }) {
    super({
      name,
      code: 'INVALID_ARGUMENT',
      message: `Invalid argument for parameter ${parameter}: ${message}`,
      cause,
    });
    this.parameter = parameter;
    this.value = value;
  }

  static override isInstance(error: unknown): error is InvalidArgumentError {
    return AcmError.hasMarker(error, marker);
  }
}
