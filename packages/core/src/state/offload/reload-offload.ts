import type { Message } from '../../vocabulary/message/message';
import type { ContextState } from '../context-state/context-state';

/**
 * The messages stored behind `offloadId`, or `undefined` when the state has no
 * such entry. Only the state's own entries count (`"toString"` or
 * `"__proto__"` are not entries unless stored).
 */
export function reloadOffload(
  state: ContextState,
  offloadId: string,
): readonly Message[] | undefined {
  return Object.hasOwn(state.offloads, offloadId)
    ? state.offloads[offloadId]
    : undefined;
}
