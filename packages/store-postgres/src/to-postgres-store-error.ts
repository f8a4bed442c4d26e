import { toStoreError } from '@acm/core/adapter';
import type { AcmError, StoreError } from '@acm/core';

/** A Postgres failure as a StoreError (`connect` reads "migrate" in the message). */
export function toPostgresStoreError(
  error: unknown,
  operation: StoreError['operation'],
  sessionId?: string,
): AcmError {
  return toStoreError({
    error,
    operation,
    sessionId,
    store: 'Postgres session store',
    action: operation === 'connect' ? 'migrate' : operation,
  });
}
