import { AcmError } from '../../vocabulary/error/acm-error';
import { StoreError } from '../../vocabulary/error/store-error';

export interface ToStoreErrorOptions {
  /** What the store threw (a driver error, a file-system error, ...). */
  readonly error: unknown;
  readonly operation: StoreError['operation'];
  readonly sessionId?: string;
  /**
   * Names the store in the message, e.g. `Redis session store`.
   * @default 'The session store'
   */
  readonly store?: string;
  /**
   * The verb the message uses for the operation (e.g. `migrate` for `connect`).
   * @default operation
   */
  readonly action?: string;
}

/**
 * Normalizes a store failure: ACM's typed errors (conflicts, invalid
 * arguments, corrupt state) pass through unchanged; anything else becomes a
 * {@link StoreError} naming the store, the operation and the session, with the
 * original as `cause`. Every store package and the memory use it.
 */
export function toStoreError({
  error,
  operation,
  sessionId,
  store = 'The session store',
  action = operation,
}: ToStoreErrorOptions): AcmError {
  if (AcmError.isInstance(error)) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new StoreError({
    operation,
    sessionId,
    message: `${store} failed to ${action}${sessionId === undefined ? '' : ` session ${JSON.stringify(sessionId)}`}: ${detail}`,
    cause: error,
  });
}
