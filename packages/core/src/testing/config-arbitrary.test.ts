import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../vocabulary/config/resolve-config';
import type { AutoContextConfigInput } from '../vocabulary/config/config';
import { configArbitrary } from './config-arbitrary';
import { TOOL_NAMES } from './conversation-content';

function sample(
  arbitrary = configArbitrary(),
  numRuns = 500,
): AutoContextConfigInput[] {
  return fc.sample(arbitrary, { seed: 99, numRuns });
}

describe('configArbitrary', () => {
  it('should generate configs that resolveConfig accepts', () => {
    fc.assert(
      fc.property(configArbitrary({ strategySwitches: 'any' }), (input) => {
        expect(() => resolveConfig(input)).not.toThrow();
      }),
      { numRuns: 1_000 },
    );
  });

  it('should keep the small thresholds and the cross-option constraints', () => {
    for (const input of sample()) {
      expect(input.msgThreshold).toBeGreaterThanOrEqual(4);
      expect(input.msgThreshold).toBeLessThanOrEqual(60);
      expect(input.maxToken).toBeGreaterThanOrEqual(500);
      expect(input.maxToken).toBeLessThanOrEqual(20_000);
      expect(input.lastKeep).toBeGreaterThanOrEqual(0);
      expect(input.lastKeep).toBeLessThanOrEqual(20);
      expect(input.largePayloadThreshold).toBeGreaterThanOrEqual(200);
      expect(input.largePayloadThreshold).toBeLessThanOrEqual(6_000);
      expect(input.offloadSinglePreview).toBeLessThan(
        input.largePayloadThreshold!,
      );
      expect(input.minCompressionTokenThreshold).toBeLessThanOrEqual(2_000);
      expect(input.tokenRatio).toBeGreaterThan(0);
      expect(input.tokenRatio).toBeLessThanOrEqual(1);
      expect(input.targetRatio).toBeGreaterThan(0);
      expect(input.targetRatio).toBeLessThanOrEqual(input.tokenRatio!);
      expect(input.currentRoundCompressionRatio).toBeGreaterThan(0);
      expect(input.currentRoundCompressionRatio).toBeLessThanOrEqual(1);
      expect(input.summarizerTimeoutMs).toBeUndefined();
      expect(input.strategies).toBeUndefined();
    }
  });

  it('should cover the extremes of the ranges', () => {
    const inputs = sample(configArbitrary(), 2_000);
    expect(inputs.some((input) => input.lastKeep === 0)).toBe(true);
    expect(inputs.some((input) => input.minConsecutiveToolMessages === 0)).toBe(
      true,
    );
    expect(inputs.some((input) => input.targetRatio === input.tokenRatio)).toBe(
      true,
    );
    expect(inputs.some((input) => input.offloadSinglePreview === 0)).toBe(true);
    expect(inputs.some((input) => input.mode === 'compact')).toBe(true);
    expect(inputs.some((input) => input.mode === undefined)).toBe(true);
  });

  it('should name only known tools in tool policies', () => {
    const inputs = sample();
    const named = inputs.flatMap((input) => [
      ...(input.toolPolicies?.neverCompress ?? []),
      ...(input.toolPolicies?.pin ?? []),
    ]);
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(TOOL_NAMES).toContain(name);
    expect(
      sample(configArbitrary({ toolPolicies: false })).some(
        (input) => input.toolPolicies,
      ),
    ).toBe(false);
  });

  it('should switch strategies off only when asked, keeping the last resort by default', () => {
    const withSwitches = sample(configArbitrary({ strategySwitches: true }));
    expect(
      withSwitches.some((input) =>
        Object.values(input.strategies ?? {}).includes(false),
      ),
    ).toBe(true);
    expect(
      withSwitches.some((input) => input.strategies?.lastResort !== undefined),
    ).toBe(false);
    const anySwitch = sample(configArbitrary({ strategySwitches: 'any' }));
    expect(
      anySwitch.some((input) => input.strategies?.lastResort === false),
    ).toBe(true);
  });
});
