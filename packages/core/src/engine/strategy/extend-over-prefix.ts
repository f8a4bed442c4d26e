import type { StrategyContext } from './compression-plan';
import { isFrozen } from './strategy-guards';

/**
 * The start of the history before `index`: walked back over messages that
 * are neither system nor frozen, then forward past tool results whose call
 * stays (an exchange is never split). `index` when there are none.
 */
export function extendOverPrefix(
  context: StrategyContext,
  index: number,
): number {
  const { messages } = context;
  let start = index;
  while (start > 0 && !isFrozen(context, start - 1)) start--;
  while (start < index && messages[start]!.role === 'tool') start++;
  return start;
}
