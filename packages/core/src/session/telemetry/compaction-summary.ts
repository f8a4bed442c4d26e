import type {
  CompressionStopReason,
  OverBudget,
} from '../../engine/loop/compression-listener-event';
import type { CompressionEvent } from '../../vocabulary/event/compression-event';

/**
 * One compaction (a triggered or forced `compressIfNeeded` call), as
 * telemetry reports it: built from the listener's `compaction-start`,
 * compression and `compaction-end` events by `createCompactionTracker`, or
 * from a `CompressionResult` by `summarizeCompressionResult`.
 */
export interface CompactionSummary {
  /** Epoch milliseconds (injected clock) when it started and ended, when known. */
  readonly startedAt?: number;
  readonly endedAt?: number;
  readonly forced?: boolean;
  readonly applied: boolean;
  readonly stopReason: CompressionStopReason;
  readonly passCount: number;
  /** Working-message tokens (counter, uncalibrated) before and after. */
  readonly tokensBefore: number;
  readonly tokensAfter: number;
  readonly messagesBefore: number;
  readonly messagesAfter: number;
  /** The compression events it recorded (applied and failed), oldest first. */
  readonly events: readonly CompressionEvent[];
  readonly overBudget?: OverBudget;
}
