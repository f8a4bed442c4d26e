/**
 * What changed in a memory, as two counters read in O(1) (`getEpochs()`), so
 * that state derived from the memory (a search index, a cache, a calibration
 * measured on a request) can tell whether it still describes the memory.
 * Appends move neither counter: a derived index catches up with the messages
 * added since it last looked, in O(new messages).
 */
export interface MemoryEpochs {
  /**
   * Moves when the original messages are replaced instead of appended to:
   * `clear()`, `loadState()`, `load()`, a conflict's reload in
   * `saveWithRetry()`. Whatever was derived from the earlier history is stale.
   */
  readonly history: number;
  /**
   * Moves on every change that is not an append: the working messages or
   * the offload entries were rewritten (a compression, `deleteMessage`,
   * `clearOffload`, `offload`), and with every move of `history`.
   */
  readonly state: number;
}

/** The epochs of a new memory. */
export const INITIAL_MEMORY_EPOCHS: MemoryEpochs = Object.freeze({
  history: 0,
  state: 0,
});
