import { AcmError } from '../../vocabulary/error/acm-error';
import { LongTermMemoryError } from '../../vocabulary/error/long-term-memory-error';
import type { LongTermMemoryOperation } from '../../vocabulary/error/long-term-memory-error';
import { describeError } from '../../vocabulary/util/describe-error';

/**
 * Runs a call to the backend, `embed` or `extract`: what it throws, unless it
 * is an `AcmError` already, becomes a `LongTermMemoryError` of `operation`.
 */
export async function guardLongTermOperation<T>(
  operation: LongTermMemoryOperation,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (AcmError.isInstance(error)) throw error;
    const detail = describeError(error);
    throw new LongTermMemoryError({
      operation,
      message: `Long-term memory ${operation} failed: ${detail}`,
      cause: error,
    });
  }
}
