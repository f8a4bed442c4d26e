import type { CompressionResult } from '../engine/run-compression';
import type { CompactionSummary } from './compaction-summary';

/**
 * A {@link CompactionSummary} from what a `compressIfNeeded` caller has: its
 * result and the working tokens and message counts it measured before and
 * after (`memory.countTokens()`, `memory.getMessageCount()`), for adapters
 * that report compactions without listening to events.
 */
export function summarizeCompressionResult(
  result: Pick<
    CompressionResult,
    'applied' | 'stopReason' | 'passes' | 'events' | 'overBudget'
  >,
  measured: {
    readonly tokensBefore: number;
    readonly tokensAfter: number;
    readonly messagesBefore: number;
    readonly messagesAfter: number;
  },
): CompactionSummary {
  return {
    applied: result.applied,
    stopReason: result.stopReason,
    passCount: result.passes.length,
    ...measured,
    events: result.events,
    ...(result.overBudget === undefined
      ? {}
      : { overBudget: result.overBudget }),
  };
}
