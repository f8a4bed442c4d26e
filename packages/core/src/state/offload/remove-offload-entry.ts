import type { Message } from '../../vocabulary/message/message';
import type { ContextState } from '../context-state/context-state';

/**
 * A new state without the offload entry `offloadId` (revision + 1), or `state`
 * itself when there is no such entry. Stubs that name the id stay as they are:
 * reloading it then answers "cleared" (the reference's `clear(uuid)`).
 */
export function removeOffloadEntry(
  state: ContextState,
  offloadId: string,
): ContextState {
  if (!Object.hasOwn(state.offloads, offloadId)) return state;
  const offloads: Record<string, readonly Message[]> = {};
  for (const [id, messages] of Object.entries(state.offloads)) {
    if (id !== offloadId) offloads[id] = messages;
  }
  return { ...state, offloads, revision: state.revision + 1 };
}
