import type { HistoryMismatchEvent } from './history-options';

/** Calls `listener` with `event`, ignoring what it throws (a listener cannot break a call). */
export function emitHistoryMismatch(
  listener: ((event: HistoryMismatchEvent) => void) | undefined,
  event: HistoryMismatchEvent,
): void {
  try {
    listener?.(event);
  } catch {
    // Ignored, as the memory's `onEvent` listeners are.
  }
}
