import type { AutoContextMemory } from '../memory/facade/auto-context-memory';
import { calibrateFromUsage } from './calibrate-from-usage';

/**
 * Calibrates `memory` with a provider's reported usage for one request,
 * against our count of that request as it was made: the memory's working
 * messages plus `fixedTokens` now, when the request is measured, not when its
 * answer arrives (by then other calls on the session may have added or
 * compressed messages: two calls in flight on one session calibrated each
 * other's answers against the wrong history and broke the budget). An answer
 * that arrives after the history was replaced (`getEpochs().history` moved:
 * clear, a rebuilt session, a load) measured what is gone and is ignored.
 */
export function createUsageCalibrator(
  memory: AutoContextMemory,
  fixedTokens: number,
): (usage: unknown) => void {
  const estimatedTokens = memory.countTokens() + fixedTokens;
  const { history } = memory.getEpochs();
  return (usage: unknown): void => {
    if (memory.getEpochs().history !== history) return;
    calibrateFromUsage({ memory, usage, estimatedTokens });
  };
}
