import type { Message } from '../message/message';
import type { ContextState } from '../state/context-state';

/**
 * Freezes `state`, its message lists, its event list, its offload record and
 * each offload entry (shallow: the message objects are shared with the caller
 * who added them and are immutable values by contract). Returns `state`.
 * Already-frozen parts cost next to nothing.
 */
export function freezeState(state: ContextState): ContextState {
  Object.freeze(state.working);
  Object.freeze(state.original);
  Object.freeze(state.events);
  for (const messages of Object.values(state.offloads)) {
    Object.freeze(messages);
  }
  Object.freeze(state.offloads);
  return Object.freeze(state);
}

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
