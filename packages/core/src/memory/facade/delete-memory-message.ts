import { deleteWorkingMessage } from '../../state/context-state/delete-working-message';
import { commitState } from './commit-state';
import type { MemoryCore } from './create-memory-core';

/**
 * The body of `deleteMessage`, in the queue: removes the working message at
 * `index` with its tool exchange (`deleteWorkingMessage`).
 * @returns whether a message was removed.
 */
export function deleteMemoryMessage(core: MemoryCore, index: number): boolean {
  const next = deleteWorkingMessage(core.log.state, index);
  if (next === core.log.state) return false;
  commitState(core, next);
  return true;
}
