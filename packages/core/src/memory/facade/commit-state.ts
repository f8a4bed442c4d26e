import type { ContextState } from '../../state/context-state/context-state';
import type { MemoryCore } from './create-memory-core';

/**
 * Replaces the committed state of `core` (a no-op for the same state); the
 * carried-forward token count is stale then. Derived state follows: the
 * `state` epoch moves; when the original messages are not the current ones
 * (the history was replaced, not compressed or edited), the `history` epoch
 * moves too and the calibration, measured on the replaced history, is back
 * to 1.
 */
export function commitState(core: MemoryCore, state: ContextState): void {
  const current = core.log.state;
  if (state === current) return;
  const replacesHistory = state.original !== current.original;
  core.log.replace(state);
  core.counted = undefined;
  core.epochs = Object.freeze({
    history: core.epochs.history + (replacesHistory ? 1 : 0),
    state: core.epochs.state + 1,
  });
  if (replacesHistory) core.calibration = 1;
}
