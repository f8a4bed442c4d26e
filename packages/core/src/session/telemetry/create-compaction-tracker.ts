import type { CompressionListenerEvent } from '../../engine/loop/compression-listener-event';
import type { CompressionEvent } from '../../vocabulary/event/compression-event';
import type { CompactionSummary } from './compaction-summary';

/**
 * Follows a memory's `onEvent` stream and returns a {@link CompactionSummary}
 * when a compaction ends (`compaction-end`), `undefined` for every other
 * event. Compactions of one memory do not overlap (a memory runs one
 * `compressIfNeeded` at a time), so one tracker per memory is enough.
 *
 * @example
 * const track = createCompactionTracker();
 * new AutoContextMemory({ onEvent: (event) => { const summary = track(event); if (summary?.applied) report(summary); } });
 */
export function createCompactionTracker(): (
  event: CompressionListenerEvent,
) => CompactionSummary | undefined {
  let startedAt: number | undefined;
  let forced: boolean | undefined;
  let events: CompressionEvent[] = [];
  return (event) => {
    switch (event.type) {
      case 'compaction-start':
        startedAt = event.at;
        forced = event.force;
        events = [];
        return undefined;
      case 'compression':
      case 'compression-error':
        events.push(event);
        return undefined;
      case 'compaction-end': {
        const summary: CompactionSummary = {
          ...(startedAt === undefined ? {} : { startedAt }),
          endedAt: event.at,
          ...(forced === undefined ? {} : { forced }),
          applied: event.applied,
          stopReason: event.stopReason,
          passCount: event.passCount,
          tokensBefore: event.tokensBefore,
          tokensAfter: event.tokensAfter,
          messagesBefore: event.messagesBefore,
          messagesAfter: event.messagesAfter,
          events,
          ...(event.overBudget === undefined
            ? {}
            : { overBudget: event.overBudget }),
        };
        startedAt = undefined;
        forced = undefined;
        events = [];
        return summary;
      }
    }
  };
}
