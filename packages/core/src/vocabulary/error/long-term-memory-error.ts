import { AcmError } from './acm-error';

const name = 'AcmLongTermMemoryError';
const marker = `acm.error.${name}`;
const symbol = Symbol.for(marker);

/** What a long-term memory was doing when its backend or `embed` failed. */
export type LongTermMemoryOperation = 'add' | 'search' | 'delete' | 'embed';

/**
 * A long-term memory backend or the injected `embed` function failed (server
 * down, disk full, a broken embedding). Nothing was recorded or deleted by
 * the call that threw.
 */
export class LongTermMemoryError extends AcmError {
  private readonly [symbol] = true;
  declare readonly code: 'LONG_TERM_MEMORY_FAILURE';

  readonly operation: LongTermMemoryOperation;

  constructor({
    operation,
    message,
    cause,
  }: {
    operation: LongTermMemoryOperation;
    message: string;
    cause?: unknown;
  }) {
    super({ name, code: 'LONG_TERM_MEMORY_FAILURE', message, cause });
    this.operation = operation;
  }

  static override isInstance(error: unknown): error is LongTermMemoryError {
    return AcmError.hasMarker(error, marker);
  }
}
