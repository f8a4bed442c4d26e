import { toStoreError } from '../store/to-store-error';
import type { MemoryCore } from './create-memory-core';
import { requireStore } from './require-store';

/**
 * The body of `save()`, in the queue: writes the committed state to the
 * store, compare-and-set on the revision last loaded or saved, unless it is
 * that revision; then that revision is the stored one and nothing is unsaved.
 * @returns whether the store was written.
 * @throws StoreConflictError when someone else saved in between; StoreError
 * when the store fails (the cause kept); InvalidArgumentError without a
 * store. The memory is unchanged then.
 */
export async function saveToStore(core: MemoryCore): Promise<boolean> {
  const store = requireStore(core.store);
  const state = core.log.state;
  if (state.revision === core.storedRevision) return false;
  try {
    await store.save(core.sessionId, state, {
      expectedRevision: core.storedRevision,
    });
  } catch (error) {
    throw toStoreError({
      error,
      operation: 'save',
      sessionId: core.sessionId,
    });
  }
  core.storedRevision = state.revision;
  core.unsaved = [];
  return true;
}
