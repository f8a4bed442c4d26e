/** Cleared offload ids remembered so the reload tool can answer "was cleared". */
export const MAX_CLEARED_OFFLOAD_IDS = 4096;

/**
 * Adds `offloadId` to `clearedIds` as the newest (insertion order), dropping
 * the oldest beyond `MAX_CLEARED_OFFLOAD_IDS`.
 */
export function rememberClearedOffload(
  clearedIds: Set<string>,
  offloadId: string,
): void {
  clearedIds.delete(offloadId);
  clearedIds.add(offloadId);
  if (clearedIds.size > MAX_CLEARED_OFFLOAD_IDS) {
    const oldest = clearedIds.values().next();
    if (oldest.done !== true) clearedIds.delete(oldest.value);
  }
}
