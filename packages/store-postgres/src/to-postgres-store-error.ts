import { AcmError, StoreError } from '@acm/core';

/** Wraps a driver or server error into `StoreError` (ACM errors pass through). */
export function toPostgresStoreError(
  error: unknown,
  operation: 'load' | 'save' | 'delete' | 'list' | 'connect',
  sessionId?: string,
): AcmError {
  if (AcmError.isInstance(error)) return error;
  const detail = error instanceof Error ? error.message : String(error);
  const action = operation === 'connect' ? 'migrate' : operation;
  return new StoreError({
    operation,
    sessionId,
    message: `Postgres session store failed to ${action}${sessionId === undefined ? '' : ` session ${JSON.stringify(sessionId)}`}: ${detail}`,
    cause: error,
  });
}
