import type { OffloadLookup } from '../../state/offload/offload-lookup';
import { reloadOffload } from '../../state/offload/reload-offload';
import type { MemoryCore } from './create-memory-core';

/** What the memory knows about `offloadId`: found, cleared or not found. */
export function lookupOffloadEntry(
  core: MemoryCore,
  offloadId: string,
): OffloadLookup {
  const messages = reloadOffload(core.log.state, offloadId);
  if (messages !== undefined) return { status: 'found', messages };
  return core.clearedOffloadIds.has(offloadId)
    ? { status: 'cleared' }
    : { status: 'not-found' };
}
