import type { MaybePromise } from '../memory/store/session-store';

/**
 * Runs `action` and returns what it threw or rejected with, or `undefined`
 * when it completed: for asserting on an error's class and fields with exact
 * expectations instead of `rejects.toThrow` patterns.
 *
 * @example
 * const error = await captureError(() => store.save(id, state, { expectedRevision: 1 }));
 * expect(StoreConflictError.isInstance(error)).toBe(true);
 */
export async function captureError(
  action: () => MaybePromise<unknown>,
): Promise<unknown> {
  try {
    await action();
    return undefined;
  } catch (error) {
    return error;
  }
}
