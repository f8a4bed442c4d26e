import type { AutoContextMemory } from '../memory/facade/auto-context-memory';
import { calibrateFromUsage } from './calibrate-from-usage';

/**
 * Calibrates `memory` with a provider's reported usage against our count of
 * its working messages plus `fixedTokens`, by the memory's counter
 * (`calibrateFromUsage`).
 */
export function createUsageCalibrator(
  memory: AutoContextMemory,
  fixedTokens: number,
): (usage: unknown) => void {
  return (usage: unknown): void => {
    calibrateFromUsage({
      memory,
      usage,
      estimatedTokens: memory.countTokens() + fixedTokens,
    });
  };
}
