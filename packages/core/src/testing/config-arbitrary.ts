import fc from 'fast-check';
import type {
  AutoContextConfigInput,
  CompressionMode,
  LlmStrategyName,
} from '../vocabulary/config/config';
import type { StrategyName } from '../vocabulary/message/acm-marker';
import { STRATEGY_NAMES } from '../vocabulary/message/acm-marker';
import {
  LLM_STRATEGY_NAMES,
  getStrategyDescriptor,
} from '../vocabulary/config/strategy-descriptors';
import { TOOL_NAMES } from './conversation-content';

export interface ConfigArbitraryOptions {
  /**
   * Also generate `strategies` switches that turn some strategies off
   * (`lastResort` stays on unless this is `'any'`).
   * @default false
   */
  readonly strategySwitches?: boolean | 'any';
  /**
   * Also generate `toolPolicies` (`neverCompress`, `pin`) naming tools that
   * `conversationArbitrary` uses.
   * @default true
   */
  readonly toolPolicies?: boolean;
}

const LLM_STRATEGIES: readonly LlmStrategyName[] = LLM_STRATEGY_NAMES;

/** A ratio in (0, 1] with two decimals, from hundredths in [minimum, 100]. */
function ratio(minimum: number) {
  return fc
    .integer({ min: minimum, max: 100 })
    .map((hundredths) => hundredths / 100);
}

/**
 * A fast-check arbitrary of random VALID `AutoContextConfigInput`s with small
 * thresholds, so that the strategies fire on generated conversations:
 * `msgThreshold` 4–60, `maxToken` 500–20,000, `lastKeep` 0–20,
 * `largePayloadThreshold` 200–6,000 with `offloadSinglePreview` below it,
 * `minConsecutiveToolMessages` 0–8, `minCompressionTokenThreshold` 0–2,000,
 * `historyRollupKeepRecentRounds` 0–4, `historyRollupKeepRecentTokens` 0–4,000.
 * Ratios are in (0, 1] with `targetRatio ≤ tokenRatio`; `mode`,
 * `summarizerInputTokens`, `summarizerConcurrency`, `maxToolRunsPerPass`, `fallbackToExtractive` and
 * `customPrompt` are sometimes set and otherwise left to their defaults.
 * `summarizerTimeoutMs` is never set: tests that time out pick their own.
 */
export function configArbitrary({
  strategySwitches = false,
  toolPolicies = true,
}: ConfigArbitraryOptions = {}): fc.Arbitrary<AutoContextConfigInput> {
  const payload = fc
    .integer({ min: 200, max: 6_000 })
    .chain((largePayloadThreshold) =>
      fc.record({
        largePayloadThreshold: fc.constant(largePayloadThreshold),
        offloadSinglePreview: fc.integer({
          min: 0,
          max: Math.min(largePayloadThreshold - 1, 600),
        }),
      }),
    );
  const ratios = fc.integer({ min: 20, max: 100 }).chain((tokenHundredths) =>
    fc.record({
      tokenRatio: fc.constant(tokenHundredths / 100),
      targetRatio: fc
        .integer({ min: 1, max: tokenHundredths })
        .map((value) => value / 100),
    }),
  );

  const optional = {
    mode: fc.constantFrom<CompressionMode>('auto', 'compact', 'compress'),
    compactRatioThreshold: ratio(10),
    summarizerInputTokens: fc.integer({ min: 1_000, max: 32_000 }),
    summarizerConcurrency: fc.integer({ min: 1, max: 4 }),
    maxToolRunsPerPass: fc.integer({ min: 1, max: 5 }),
    fallbackToExtractive: fc.boolean(),
    customPrompt: fc.dictionary(
      fc.constantFrom(...LLM_STRATEGIES),
      fc.constantFrom(
        '',
        'Summarize briefly. Keep every file path, id and number.',
        '用中文总结，保留所有路径和编号。',
      ),
      { maxKeys: 2, noNullPrototype: true },
    ),
    ...(toolPolicies
      ? {
          toolPolicies: fc.record(
            {
              neverCompress: fc.uniqueArray(fc.constantFrom(...TOOL_NAMES), {
                maxLength: 2,
              }),
              pin: fc.uniqueArray(fc.constantFrom(...TOOL_NAMES), {
                maxLength: 2,
              }),
            },
            { requiredKeys: [] },
          ),
        }
      : {}),
    ...(strategySwitches === false
      ? {}
      : {
          strategies: fc
            .dictionary(
              fc.constantFrom(
                ...STRATEGY_NAMES.filter(
                  (name) =>
                    strategySwitches === 'any' ||
                    getStrategyDescriptor(name).phase === 'walk',
                ),
              ),
              fc.boolean(),
              { maxKeys: 4, noNullPrototype: true },
            )
            .map(
              (switches) => switches as Partial<Record<StrategyName, boolean>>,
            ),
        }),
  };

  return fc
    .tuple(
      fc.record({
        msgThreshold: fc.integer({ min: 4, max: 60 }),
        maxToken: fc.integer({ min: 500, max: 20_000 }),
        lastKeep: fc.integer({ min: 0, max: 20 }),
        minConsecutiveToolMessages: fc.integer({ min: 0, max: 8 }),
        currentRoundCompressionRatio: ratio(5),
        minCompressionTokenThreshold: fc.integer({ min: 0, max: 2_000 }),
        historyRollupKeepRecentRounds: fc.integer({ min: 0, max: 4 }),
        historyRollupKeepRecentTokens: fc.integer({ min: 0, max: 4_000 }),
      }),
      payload,
      ratios,
      fc.record(optional, { requiredKeys: [] }),
    )
    .map(
      ([
        required,
        payloadOptions,
        ratioOptions,
        optionalOptions,
      ]): AutoContextConfigInput => ({
        ...required,
        ...payloadOptions,
        ...ratioOptions,
        ...optionalOptions,
      }),
    );
}
