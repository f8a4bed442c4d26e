import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { MemoryCore } from './create-memory-core';

/** The range `setCalibration` clamps the provider/estimate ratio to. */
export const CALIBRATION_LIMITS = { min: 0.25, max: 4 } as const;

/**
 * The calibration after the provider reported `providerInputTokens` for a
 * prompt we counted as `estimatedTokens`: their ratio, clamped to
 * `CALIBRATION_LIMITS`; `current` when either is zero (no information).
 * @throws InvalidArgumentError when either value is not a finite number ≥ 0.
 */
export function updateCalibration(
  current: number,
  providerInputTokens: number,
  estimatedTokens: number,
): number {
  assertTokenFigure('providerInputTokens', providerInputTokens);
  assertTokenFigure('estimatedTokens', estimatedTokens);
  if (providerInputTokens > 0 && estimatedTokens > 0) {
    return Math.min(
      CALIBRATION_LIMITS.max,
      Math.max(CALIBRATION_LIMITS.min, providerInputTokens / estimatedTokens),
    );
  }
  return current;
}

/** The body of `setCalibration`: the memory's calibration updated; the one now in effect. */
export function calibrateMemory(
  core: MemoryCore,
  providerInputTokens: number,
  estimatedTokens: number,
): number {
  core.calibration = updateCalibration(
    core.calibration,
    providerInputTokens,
    estimatedTokens,
  );
  return core.calibration;
}

function assertTokenFigure(parameter: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new InvalidArgumentError({
      parameter,
      value,
      message: `must be a finite number of tokens, 0 or more, received ${String(value)}`,
    });
  }
}
