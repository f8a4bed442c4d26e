import type { OffloadLookup } from '../../state/offload/offload-lookup';
import { findOffloadIds } from '../../state/offload/find-offload-ids';
import { reloadOffload } from '../../state/offload/reload-offload';
import { getAcmMarker } from '../../vocabulary/message/acm-marker';
import { getMessageText } from '../../vocabulary/message/message-text';
import type { Message } from '../../vocabulary/message/message';
import type { MemoryCore } from './create-memory-core';

/**
 * What the memory knows about `offloadId`: found; cleared (remembered since
 * `clear` / `clearOffload`, or named by a stub in the working messages with
 * no entry behind it: a state loaded after a `clearOffload` answers the
 * same, so eviction and restart change no answer); or not found.
 */
export function lookupOffloadEntry(
  core: MemoryCore,
  offloadId: string,
): OffloadLookup {
  const messages = reloadOffload(core.log.state, offloadId);
  if (messages !== undefined) return { status: 'found', messages };
  return core.clearedOffloadIds.has(offloadId) ||
    isNamedByStub(core.log.workingList, offloadId)
    ? { status: 'cleared' }
    : { status: 'not-found' };
}

/** Whether a message ACM wrote among `working` names `offloadId` (in its marker or its text). */
function isNamedByStub(
  working: readonly Message[],
  offloadId: string,
): boolean {
  for (const message of working) {
    const marker = getAcmMarker(message);
    if (marker === undefined) continue;
    if (
      marker.offloadId === offloadId ||
      findOffloadIds(getMessageText(message)).includes(offloadId)
    ) {
      return true;
    }
  }
  return false;
}
