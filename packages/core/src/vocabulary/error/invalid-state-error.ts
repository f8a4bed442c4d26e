import { AcmError } from './acm-error';

const name = 'AcmInvalidStateError';
const marker = `acm.error.${name}`;
const symbol = Symbol.for(marker);

/** Serialized state is corrupt, foreign or of an unsupported schema version. */
export class InvalidStateError extends AcmError {
  private readonly [symbol] = true;
  declare readonly code: 'INVALID_STATE';

  /** JSON path of the first offending value, e.g. `$.working[3].role`. */
  readonly path: string;

  constructor({
    path,
    message,
    cause,
  }: {
    path: string;
    message: string;
    cause?: unknown;
  }) {
    super({
      name,
      code: 'INVALID_STATE',
      message: `Invalid state at ${path}: ${message}`,
      cause,
    });
    this.path = path;
  }

  static override isInstance(error: unknown): error is InvalidStateError {
    return AcmError.hasMarker(error, marker);
  }
}
