import { LONG_TERM_LIMITS } from './long-term-limits';
import type { LongTermRecordedMessages } from './long-term-memory-backend';
import type { MemoryOwner } from './memory-owner';

/**
 * Message ids of one owner and session (`''`: none) as requests a backend
 * accepts: batches of at most `maxMessageIdsPerRequest`.
 */
export function batchLongTermRecordedMessages(
  owner: MemoryOwner,
  session: string,
  ids: readonly string[],
): LongTermRecordedMessages[] {
  const batches: LongTermRecordedMessages[] = [];
  for (
    let start = 0;
    start < ids.length;
    start += LONG_TERM_LIMITS.maxMessageIdsPerRequest
  ) {
    batches.push({
      owner,
      ...(session !== '' ? { sessionId: session } : {}),
      messageIds: ids.slice(
        start,
        start + LONG_TERM_LIMITS.maxMessageIdsPerRequest,
      ),
    });
  }
  return batches;
}
