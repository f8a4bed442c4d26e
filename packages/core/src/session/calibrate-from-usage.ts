import type { AutoContextMemory } from '../memory/facade/auto-context-memory';
import { readProviderInputTokens } from './read-provider-input-tokens';

/**
 * Feeds a provider's reported usage back into the memory
 * (`memory.setCalibration`) against our estimate of the same request, so the
 * trigger counts like the provider.
 * @returns the input tokens read from `usage`, or `undefined` when it reports none (nothing changes then).
 */
export function calibrateFromUsage({
  memory,
  usage,
  estimatedTokens,
}: {
  readonly memory: AutoContextMemory;
  /** The provider's usage, in any shape `readProviderInputTokens` reads. */
  readonly usage: unknown;
  /** Our uncalibrated count of the request, by the memory's counter. */
  readonly estimatedTokens: number;
}): number | undefined {
  const inputTokens = readProviderInputTokens(usage);
  if (inputTokens === undefined || !(estimatedTokens > 0)) return undefined;
  memory.setCalibration(inputTokens, estimatedTokens);
  return inputTokens;
}
