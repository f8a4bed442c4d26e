import type { Message } from '../../vocabulary/message/message';
import type { ContextState } from '../../state/context-state/context-state';

/** A copy of `state` with fresh lists and records, for states that came from outside. */
export function copyState(state: ContextState): ContextState {
  const offloads: Record<string, readonly Message[]> = {};
  for (const [id, messages] of Object.entries(state.offloads)) {
    offloads[id] = [...messages];
  }
  return {
    sessionId: state.sessionId,
    working: [...state.working],
    original: [...state.original],
    offloads,
    events: [...state.events],
    revision: state.revision,
  };
}
