import type { ContextState } from '../../state/context-state/context-state';
import type { MemoryCore } from './create-memory-core';

/**
 * Replaces the committed state of `core` (a no-op for the same state); the
 * carried-forward token count is stale then.
 */
export function commitState(core: MemoryCore, state: ContextState): void {
  if (state === core.log.state) return;
  core.log.replace(state);
  core.counted = undefined;
}
