import type { Message } from '../../vocabulary/message/message';
import { addOffloadEntry } from '../../state/offload/add-offload-entry';
import { commitState } from './commit-state';
import type { MemoryCore } from './create-memory-core';

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
  commitState(core, addOffloadEntry(core.log.state, offloadId, messages));
  return offloadId;
}
