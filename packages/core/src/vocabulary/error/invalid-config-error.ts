import { AcmError } from './acm-error';

const name = 'AcmInvalidConfigError';
const marker = `acm.error.${name}`;
const symbol = Symbol.for(marker);

/** A configuration option has a value ACM cannot work with. Thrown once, at the boundary. */
export class InvalidConfigError extends AcmError {
  private readonly [symbol] = true;
  declare readonly code: 'INVALID_CONFIG';

  /** The option's name, e.g. `tokenRatio` or `customPrompt.summarizeRounds`. */
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
      code: 'INVALID_CONFIG',
      message: `Invalid config option ${parameter}: ${message}`,
      cause,
    });
    this.parameter = parameter;
    this.value = value;
  }

  static override isInstance(error: unknown): error is InvalidConfigError {
    return AcmError.hasMarker(error, marker);
  }
}
