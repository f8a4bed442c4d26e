import type { TokenCounter } from './token-counter';
import type { CreateTokenCounterOptions } from './create-token-counter';
import { createTokenCounter } from './create-token-counter';
import { countApproximateTokens } from './count-approximate-tokens';

export type CreateApproximateTokenCounterOptions = Omit<
  CreateTokenCounterOptions,
  'name' | 'countText'
>;

/**
 * A {@link TokenCounter} with zero start-up cost: no rank file, one pass over
 * the characters. Counts are estimates of o200k_base (GPT-4o family) tokens;
 * see `countApproximateTokens` (`@acm/core/internal`) for the formula and its measured error.
 */
export function createApproximateTokenCounter(
  options: CreateApproximateTokenCounterOptions = {},
): TokenCounter {
  return createTokenCounter({
    ...options,
    name: 'approximate',
    countText: countApproximateTokens,
  });
}
