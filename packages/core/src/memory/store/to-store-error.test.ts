import { describe, expect, it } from 'vitest';
import { StoreConflictError } from '../../vocabulary/error/store-conflict-error';
import { StoreError } from '../../vocabulary/error/store-error';
import { toStoreError } from './to-store-error';

describe('toStoreError', () => {
  it('should wrap a driver error in a StoreError naming the store, operation and session', () => {
    const cause = new Error('connect ECONNREFUSED 127.0.0.1:6379');
    const error = toStoreError({
      error: cause,
      operation: 'save',
      sessionId: 'chat-1',
      store: 'Redis session store',
    });

    expect(StoreError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'Redis session store failed to save session "chat-1": connect ECONNREFUSED 127.0.0.1:6379',
    );
    expect(error).toMatchObject({ operation: 'save', sessionId: 'chat-1' });
    expect(error.cause).toBe(cause);
  });

  it('should pass typed ACM errors through unchanged', () => {
    const conflict = new StoreConflictError({
      sessionId: 'chat-1',
      expectedRevision: 1,
      actualRevision: 2,
    });

    expect(toStoreError({ error: conflict, operation: 'save' })).toBe(conflict);
  });

  it('should use the default store name, the action verb and no session for list', () => {
    const error = toStoreError({
      error: 'boom',
      operation: 'connect',
      action: 'migrate',
    });

    expect(error.message).toBe('The session store failed to migrate: boom');
  });
});
