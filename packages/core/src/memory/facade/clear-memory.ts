import { clearContextState } from '../../state/context-state/clear-context-state';
import type { MemoryCore } from './memory-core';
import { rememberClearedOffload } from './remember-cleared-offload';

/**
 * The body of `clear`, in the queue: empties the state, remembering its
 * offload ids as cleared; nothing is unsaved then.
 */
export function clearMemory(core: MemoryCore): void {
  for (const offloadId of Object.keys(core.state.offloads)) {
    rememberClearedOffload(core.clearedOffloadIds, offloadId);
  }
  core.commit(clearContextState(core.state));
  core.unsaved = [];
}
