import { clearContextState } from '../../state/context-state/clear-context-state';
import { commitState } from './commit-state';
import type { MemoryCore } from './create-memory-core';
import { rememberClearedOffload } from './remember-cleared-offload';

/**
 * The body of `clear`, in the queue: empties the state, remembering its
 * offload ids as cleared; nothing is unsaved then.
 */
export function clearMemory(core: MemoryCore): void {
  for (const offloadId of Object.keys(core.log.state.offloads)) {
    rememberClearedOffload(core.clearedOffloadIds, offloadId);
  }
  commitState(core, clearContextState(core.log.state));
  core.unsaved = [];
}
