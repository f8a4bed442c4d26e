import type { ContextState } from './context-state';

/**
 * Removes the working message at `index`. The original messages keep it, as in
 * the reference implementation: deleting hides a message from the model, it
 * does not rewrite history.
 *
 * An index that is not an integer in `[0, working.length)` is a no-op: the same
 * `state` object is returned, unchanged, with the same revision (the reference
 * ignores out-of-range deletes too).
 */
export function deleteWorkingMessage(
  state: ContextState,
  index: number,
): ContextState {
  if (!Number.isInteger(index) || index < 0 || index >= state.working.length) {
    return state;
  }
  return {
    ...state,
    working: [
      ...state.working.slice(0, index),
      ...state.working.slice(index + 1),
    ],
    revision: state.revision + 1,
  };
}
