import type { AutoContextMemory } from '../memory/facade/auto-context-memory';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';

/**
 * Loads the stored session into a memory that has not been used yet, for an
 * adapter whose memory the app made and may not have loaded (the native
 * agent after a restart): with `'append'` history the store is the history,
 * and a `'mirror'` list is checked against it. Only an untouched memory
 * (revision 0: nothing added, loaded or changed) with a store is loaded, so
 * nothing the memory holds is ever replaced.
 * @returns whether a stored state was loaded.
 * @throws (rejects) StoreError when the store fails; the memory is unchanged then.
 */
export async function loadStoredSession(
  memory: AutoContextMemory,
): Promise<boolean> {
  if (memory.getRevision() !== 0) return false;
  try {
    return await memory.load();
  } catch (error) {
    // A memory without a store has nothing to load.
    if (InvalidArgumentError.isInstance(error) && error.parameter === 'store') {
      return false;
    }
    throw error;
  }
}
