import type { ListAgainstMemoryOptions } from './list-against-memory-options';
import { matchesPrefix } from './matches-prefix';

export interface FindTailOverlapOptions<
  TMessage,
> extends ListAgainstMemoryOptions<TMessage> {
  readonly sampleSize: number;
}

/**
 * How many leading messages of a list are the last original messages of the
 * memory (0 when none): in `'append'` mode the list of a retried call, or of
 * the later steps of a tool loop, starts with messages the memory took in
 * already. The longest overlap wins; each candidate is checked at its first
 * and its last `sampleSize` positions (`matchesPrefix`), so a candidate
 * costs O(sampleSize) and most fail at the first.
 */
export function findTailOverlap<TMessage>({
  memory,
  length,
  at,
  isStored,
  sampleSize,
}: FindTailOverlapOptions<TMessage>): number {
  const originalCount = memory.getOriginalMessageCount();
  for (let overlap = Math.min(length, originalCount); overlap > 0; overlap--) {
    const base = originalCount - overlap;
    if (
      matchesPrefix(length, overlap, sampleSize, (index) =>
        isStored(
          at(index),
          base + index,
          memory.getOriginalMessageAt(base + index)!,
        ),
      )
    ) {
      return overlap;
    }
  }
  return 0;
}
