import type { Message } from '../../vocabulary/message/message';
import { addOffloadEntry } from '../../state/offload/add-offload-entry';
import type { MemoryCore } from './memory-core';

/**
 * The body of `offload`, in the queue: stores `messages` behind a new
 * session-scoped id.
 * @returns the new offload id.
 */
export function offloadMessages(
  core: MemoryCore,
  messages: readonly Message[],
): string {
  const offloadId = core.generateId();
  core.commit(addOffloadEntry(core.state, offloadId, messages));
  return offloadId;
}
