import type {
  HistoryMessageRef,
  HistoryMismatchDetails,
  HistoryMismatchReason,
} from '../vocabulary/error/history-mismatch-error';
import type { HistoryMode } from './history-options';
import type { ListAgainstMemoryOptions } from './list-against-memory-options';

export interface FindHistoryDivergenceOptions<
  TMessage,
> extends ListAgainstMemoryOptions<TMessage> {
  readonly history: HistoryMode;
  /** The id and role a list message has (or gets) at `position`. */
  readonly refOf: (message: TMessage, position: number) => HistoryMessageRef;
  /** `'foreign'` when the list was refused for the messages it adds; else found here. */
  readonly reason?: HistoryMismatchReason;
}

/**
 * Where a list that does not continue the memory leaves its original
 * messages: the length of their common prefix (compared message by message:
 * O(prefix), paid only on a mismatch), whether the list is the stored
 * history cut short, and the two messages at that position (ids and roles,
 * never content).
 */
export function findHistoryDivergence<TMessage>({
  memory,
  history,
  length,
  at,
  isStored,
  refOf,
  reason,
}: FindHistoryDivergenceOptions<TMessage>): HistoryMismatchDetails {
  const storedCount = memory.getOriginalMessageCount();
  const limit = Math.min(length, storedCount);
  let divergedAt = 0;
  while (
    divergedAt < limit &&
    isStored(
      at(divergedAt),
      divergedAt,
      memory.getOriginalMessageAt(divergedAt)!,
    )
  ) {
    divergedAt++;
  }
  const stored = memory.getOriginalMessageAt(divergedAt);
  return {
    sessionId: memory.sessionId,
    history,
    reason:
      reason ??
      (divergedAt === length && length < storedCount ? 'shorter' : 'diverged'),
    storedCount,
    receivedCount: length,
    divergedAt,
    stored:
      stored === undefined ? undefined : { id: stored.id, role: stored.role },
    received:
      divergedAt < length ? refOf(at(divergedAt), divergedAt) : undefined,
  };
}
