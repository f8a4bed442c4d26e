import { loadFromStore } from './load-from-store';
import type { MemoryCore } from './create-memory-core';

/**
 * After a save met `conflict`, in the queue: loads the newer stored state and
 * appends again the unsaved messages it does not hold (by id: a save the
 * store applied but whose reply was lost is not applied twice); they stay
 * unsaved. Other local changes since the last save give way to the stored
 * state.
 * @throws (rejects) `conflict` when the session is no longer stored (nothing
 * is re-created); what `loadFromStore` throws.
 */
export async function reloadAndReapply(
  core: MemoryCore,
  conflict: unknown,
): Promise<void> {
  const unsaved = core.unsaved;
  if (!(await loadFromStore(core))) throw conflict;
  const stored = new Set(core.log.original.map((message) => message.id));
  const missing = unsaved.filter((message) => !stored.has(message.id));
  core.log.append(missing);
  core.unsaved = missing;
}
