import { removeOffloadEntry } from '../../state/offload/remove-offload-entry';
import { commitState } from './commit-state';
import type { MemoryCore } from './create-memory-core';
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
  const next = removeOffloadEntry(core.log.state, offloadId);
  if (next === core.log.state) return false;
  rememberClearedOffload(core.clearedOffloadIds, offloadId);
  commitState(core, next);
  return true;
}
