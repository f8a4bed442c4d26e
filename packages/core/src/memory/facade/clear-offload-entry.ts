import { removeOffloadEntry } from '../../state/offload/remove-offload-entry';
import type { MemoryCore } from './memory-core';
import { rememberClearedOffload } from './remember-cleared-offload';

/**
 * The body of `clearOffload`, in the queue: removes the entry `offloadId`
 * and remembers it as cleared.
 * @returns whether the entry existed.
 */
export function clearOffloadEntry(
  core: MemoryCore,
  offloadId: string,
): boolean {
  const next = removeOffloadEntry(core.state, offloadId);
  if (next === core.state) return false;
  rememberClearedOffload(core.clearedOffloadIds, offloadId);
  core.commit(next);
  return true;
}
