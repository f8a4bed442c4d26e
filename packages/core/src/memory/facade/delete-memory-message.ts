import { deleteWorkingMessage } from '../../state/context-state/delete-working-message';
import type { MemoryCore } from './memory-core';

/**
 * The body of `deleteMessage`, in the queue: removes the working message at
 * `index` with its tool exchange (`deleteWorkingMessage`).
 * @returns whether a message was removed.
 */
export function deleteMemoryMessage(core: MemoryCore, index: number): boolean {
  const next = deleteWorkingMessage(core.state, index);
  if (next === core.state) return false;
  core.commit(next);
  return true;
}
