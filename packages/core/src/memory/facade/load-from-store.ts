import { StoreError } from '../../vocabulary/error/store-error';
import type { ContextState } from '../../state/context-state/context-state';
import { toStoreError } from '../store/to-store-error';
import { copyState } from './freeze-state';
import { commitState } from './commit-state';
import type { MemoryCore } from './create-memory-core';
import { requireStore } from './require-store';

/**
 * The body of `load()`, for callers in the queue: replaces the committed
 * state with a copy of the stored one, which is then the stored revision,
 * with nothing unsaved and the offload ids cleared from the replaced history
 * forgotten. Nothing changes when the session is not stored.
 * @returns whether a stored state was found.
 * @throws StoreError when the store fails or returns another session's state;
 * InvalidArgumentError without a store. The memory is unchanged then.
 */
export async function loadFromStore(core: MemoryCore): Promise<boolean> {
  const store = requireStore(core.store);
  let stored: ContextState | undefined;
  try {
    stored = await store.load(core.sessionId);
  } catch (error) {
    throw toStoreError({
      error,
      operation: 'load',
      sessionId: core.sessionId,
    });
  }
  if (stored === undefined) return false;
  if (stored.sessionId !== core.sessionId) {
    throw new StoreError({
      sessionId: core.sessionId,
      operation: 'load',
      message: `The store returned the state of session ${JSON.stringify(stored.sessionId)} for session ${JSON.stringify(core.sessionId)}.`,
    });
  }
  commitState(core, copyState(stored));
  core.storedRevision = stored.revision;
  core.unsaved = [];
  core.clearedOffloadIds.clear();
  return true;
}
