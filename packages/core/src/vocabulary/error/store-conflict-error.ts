import { AcmError } from './acm-error';

const name = 'AcmStoreConflictError';
const marker = `acm.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A compare-and-set save lost: the stored revision is not the one the writer
 * started from. Load again, re-apply, and retry.
 */
export class StoreConflictError extends AcmError {
  private readonly [symbol] = true;
  declare readonly code: 'STORE_CONFLICT';

  readonly sessionId: string;
  readonly expectedRevision: number | null;
  readonly actualRevision: number | null;

  constructor({
    sessionId,
    expectedRevision,
    actualRevision,
    cause,
  }: {
    sessionId: string;
    expectedRevision: number | null;
    actualRevision: number | null;
    cause?: unknown;
  }) {
    super({
      name,
      code: 'STORE_CONFLICT',
      message: `Session ${JSON.stringify(sessionId)} was saved concurrently: expected revision ${String(expectedRevision)}, found ${String(actualRevision)}.`,
      cause,
    });
    this.sessionId = sessionId;
    this.expectedRevision = expectedRevision;
    this.actualRevision = actualRevision;
  }

  static override isInstance(error: unknown): error is StoreConflictError {
    return AcmError.hasMarker(error, marker);
  }
}
