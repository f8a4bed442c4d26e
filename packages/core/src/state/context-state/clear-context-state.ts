import type { ContextState } from './context-state';

/**
 * Empties the working messages, the original messages, the offload entries and
 * the events, keeping the session id; the revision goes up by one. (The
 * reference cleared only the two message lists and left offloads behind.)
 */
export function clearContextState(state: ContextState): ContextState {
  return {
    sessionId: state.sessionId,
    working: [],
    original: [],
    offloads: {},
    events: [],
    revision: state.revision + 1,
  };
}
