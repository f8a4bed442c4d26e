import type { CompressionResult } from '../../memory/compression/run-compression';
import type { CompactionSummary } from './compaction-summary';

/**
 * A {@link CompactionSummary} from what a `compressIfNeeded` caller has: its
 * result and the working tokens and message counts after it
 * (`memory.countTokens()`, `memory.getMessageCount()`), for adapters that
 * report compactions without listening to events. The counts before are the
 * caller's measurements when given, else derived from the applied events
 * (each replaced `messageCount` messages of `tokensBefore` tokens by
 * `replacementIds` messages of `tokensAfter` tokens).
 */
export function summarizeCompressionResult(
  result: Pick<
    CompressionResult,
    'applied' | 'stopReason' | 'passes' | 'events' | 'overBudget'
  >,
  measured: {
    readonly tokensAfter: number;
    readonly messagesAfter: number;
    readonly tokensBefore?: number;
    readonly messagesBefore?: number;
  },
): CompactionSummary {
  let tokensSaved = 0;
  let messagesRemoved = 0;
  for (const event of result.events) {
    if (event.type !== 'compression') continue;
    tokensSaved += event.tokensBefore - event.tokensAfter;
    messagesRemoved += event.messageCount - event.replacementIds.length;
  }
  return {
    applied: result.applied,
    stopReason: result.stopReason,
    passCount: result.passes.length,
    tokensBefore: measured.tokensBefore ?? measured.tokensAfter + tokensSaved,
    tokensAfter: measured.tokensAfter,
    messagesBefore:
      measured.messagesBefore ?? measured.messagesAfter + messagesRemoved,
    messagesAfter: measured.messagesAfter,
    events: result.events,
    ...(result.overBudget === undefined
      ? {}
      : { overBudget: result.overBudget }),
  };
}
