import type { StrategyContext } from './compression-plan';
import { findLastAssistantIndex } from './strategy-guards';

/**
 * Indices of the current round a current-round strategy may rewrite:
 * `[first, end)` where `first` is the message after the current round's user
 * message (0 when there is no user turn) and `end` is the last assistant
 * message, so that only consumed messages (seen by the model) are in range and
 * the conversation's last message is never rewritten.
 */
export function getConsumedCurrentRoundRange(context: StrategyContext): {
  start: number;
  end: number;
} {
  const { messages, structure } = context;
  const start =
    structure.rounds.length > 0 ? structure.currentRoundStart + 1 : 0;
  return { start, end: Math.max(start, findLastAssistantIndex(messages)) };
}
