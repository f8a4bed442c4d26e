import { describe, expect, it } from 'vitest';
import { InvalidConfigError } from '../error/invalid-config-error';
import type { AutoContextConfigInput } from './config';
import { DEFAULT_CONFIG } from './config';
import { resolveConfig } from './resolve-config';

/** Runs `resolveConfig` on an input the types would reject and returns the error it throws. */
function resolveError(input: unknown): InvalidConfigError {
  try {
    resolveConfig(input as AutoContextConfigInput);
  } catch (error) {
    if (InvalidConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('resolveConfig did not throw');
}

describe('resolveConfig', () => {
  it("should default to the reference implementation's values", () => {
    const config = resolveConfig();

    expect({
      largePayloadThreshold: config.largePayloadThreshold,
      maxToken: config.maxToken,
      tokenRatio: config.tokenRatio,
      offloadSinglePreview: config.offloadSinglePreview,
      msgThreshold: config.msgThreshold,
      lastKeep: config.lastKeep,
      minConsecutiveToolMessages: config.minConsecutiveToolMessages,
      currentRoundCompressionRatio: config.currentRoundCompressionRatio,
      minCompressionTokenThreshold: config.minCompressionTokenThreshold,
      historyRollupKeepRecentRounds: config.historyRollupKeepRecentRounds,
      historyRollupKeepRecentTokens: config.historyRollupKeepRecentTokens,
    }).toEqual({
      largePayloadThreshold: 5120,
      maxToken: 131072,
      tokenRatio: 0.75,
      offloadSinglePreview: 200,
      msgThreshold: 100,
      lastKeep: 50,
      minConsecutiveToolMessages: 6,
      currentRoundCompressionRatio: 0.3,
      minCompressionTokenThreshold: 5000,
      historyRollupKeepRecentRounds: 3,
      historyRollupKeepRecentTokens: 8000,
    });
  });

  it('should default our own options', () => {
    const config = resolveConfig({});

    expect({
      mode: config.mode,
      compactRatioThreshold: config.compactRatioThreshold,
      targetRatio: config.targetRatio,
      strategies: config.strategies,
      toolPolicies: config.toolPolicies,
      customPrompt: config.customPrompt,
      summarizerTimeoutMs: config.summarizerTimeoutMs,
      summarizerInputTokens: config.summarizerInputTokens,
      summarizerConcurrency: config.summarizerConcurrency,
      maxToolRunsPerPass: config.maxToolRunsPerPass,
      fallbackToExtractive: config.fallbackToExtractive,
    }).toEqual({
      mode: 'auto',
      compactRatioThreshold: 0.75,
      targetRatio: 0.5,
      strategies: {
        rollupHistory: true,
        compressToolRuns: true,
        offloadLargeMessagesProtected: true,
        offloadLargeMessages: true,
        clearToolUses: true,
        summarizeRounds: true,
        summarizeLargeCurrentMessages: true,
        compressCurrentRound: true,
        lastResort: true,
      },
      toolPolicies: { neverCompress: [], pin: [] },
      customPrompt: {},
      summarizerTimeoutMs: 60_000,
      summarizerInputTokens: 32_000,
      summarizerConcurrency: 16,
      maxToolRunsPerPass: Number.POSITIVE_INFINITY,
      fallbackToExtractive: false,
    });
    expect(config).toEqual(DEFAULT_CONFIG);
  });

  it('should return fresh objects, never the defaults themselves', () => {
    const config = resolveConfig();

    expect(config).not.toBe(DEFAULT_CONFIG);
    expect(config.strategies).not.toBe(DEFAULT_CONFIG.strategies);
    expect(config.toolPolicies.pin).not.toBe(DEFAULT_CONFIG.toolPolicies.pin);
    expect(config.customPrompt).not.toBe(DEFAULT_CONFIG.customPrompt);
  });

  it('should keep the other defaults for a partial input', () => {
    const config = resolveConfig({
      lastKeep: 10,
      strategies: { rollupHistory: false },
      toolPolicies: { pin: ['plan'] },
      customPrompt: { summarizeRounds: 'Summarize.' },
    });

    expect(config).toEqual({
      ...DEFAULT_CONFIG,
      lastKeep: 10,
      strategies: { ...DEFAULT_CONFIG.strategies, rollupHistory: false },
      toolPolicies: { neverCompress: [], pin: ['plan'] },
      customPrompt: { summarizeRounds: 'Summarize.' },
    });
  });

  it('should treat options set to undefined as not given', () => {
    const config = resolveConfig({
      lastKeep: undefined,
      strategies: { lastResort: undefined },
    });

    expect(config).toEqual(DEFAULT_CONFIG);
  });

  it('should not mutate or return the input', () => {
    const input = {
      msgThreshold: 20,
      strategies: { compressToolRuns: false },
      toolPolicies: { neverCompress: ['read_file'] },
      customPrompt: { rollupHistory: '' },
    };
    const snapshot = structuredClone(input);

    const config = resolveConfig(input);

    expect(input).toEqual(snapshot);
    expect(config).not.toBe(input);
    expect(config.strategies).not.toBe(input.strategies);
    expect(config.toolPolicies.neverCompress).not.toBe(
      input.toolPolicies.neverCompress,
    );
    expect(config.customPrompt).not.toBe(input.customPrompt);
  });

  it('should allow blank custom prompts', () => {
    const config = resolveConfig({
      customPrompt: { compressCurrentRound: '   ' },
    });

    expect(config.customPrompt).toEqual({ compressCurrentRound: '   ' });
  });

  it('should lower a defaulted targetRatio to a smaller tokenRatio', () => {
    const config = resolveConfig({ tokenRatio: 0.4 });

    expect(config.targetRatio).toBe(0.4);
  });

  it('should lower a defaulted offloadSinglePreview below a smaller largePayloadThreshold', () => {
    const config = resolveConfig({ largePayloadThreshold: 100 });

    expect(config.offloadSinglePreview).toBe(99);
  });

  it('should accept the boundaries of every range', () => {
    const config = resolveConfig({
      msgThreshold: 1,
      maxToken: 1,
      lastKeep: 0,
      tokenRatio: 1,
      targetRatio: 1,
      largePayloadThreshold: 1,
      offloadSinglePreview: 0,
      summarizerInputTokens: 1000,
      maxToolRunsPerPass: 1,
      summarizerTimeoutMs: 0.5,
      mode: 'compress',
      fallbackToExtractive: true,
    });

    expect(config.targetRatio).toBe(1);
    expect(config.offloadSinglePreview).toBe(0);
    expect(config.summarizerTimeoutMs).toBe(0.5);
    expect(
      resolveConfig({ maxToolRunsPerPass: Number.POSITIVE_INFINITY })
        .maxToolRunsPerPass,
    ).toBe(Number.POSITIVE_INFINITY);
  });

  const rejections: ReadonlyArray<{
    name: string;
    input: unknown;
    parameter: string;
  }> = [
    { name: 'a non-object input', input: 'fast', parameter: 'config' },
    { name: 'a null input', input: null, parameter: 'config' },
    { name: 'an array input', input: [], parameter: 'config' },
    {
      name: 'an unknown option',
      input: { lastkeep: 5 },
      parameter: 'lastkeep',
    },
    {
      name: 'a non-number count',
      input: { lastKeep: '5' },
      parameter: 'lastKeep',
    },
    {
      name: 'a non-finite count',
      input: { maxToken: Infinity },
      parameter: 'maxToken',
    },
    {
      name: 'a NaN count',
      input: { lastKeep: Number.NaN },
      parameter: 'lastKeep',
    },
    {
      name: 'a non-integer count',
      input: { lastKeep: 2.5 },
      parameter: 'lastKeep',
    },
    {
      name: 'a negative count',
      input: { lastKeep: -1 },
      parameter: 'lastKeep',
    },
    {
      name: 'a negative minCompressionTokenThreshold',
      input: { minCompressionTokenThreshold: -5 },
      parameter: 'minCompressionTokenThreshold',
    },
    {
      name: 'a zero msgThreshold',
      input: { msgThreshold: 0 },
      parameter: 'msgThreshold',
    },
    { name: 'a zero maxToken', input: { maxToken: 0 }, parameter: 'maxToken' },
    {
      name: 'a zero largePayloadThreshold',
      input: { largePayloadThreshold: 0 },
      parameter: 'largePayloadThreshold',
    },
    {
      name: 'a zero tokenRatio',
      input: { tokenRatio: 0 },
      parameter: 'tokenRatio',
    },
    {
      name: 'a tokenRatio above 1',
      input: { tokenRatio: 1.5 },
      parameter: 'tokenRatio',
    },
    {
      name: 'a negative currentRoundCompressionRatio',
      input: { currentRoundCompressionRatio: -0.3 },
      parameter: 'currentRoundCompressionRatio',
    },
    {
      name: 'a compactRatioThreshold above 1',
      input: { compactRatioThreshold: 2 },
      parameter: 'compactRatioThreshold',
    },
    {
      name: 'a NaN targetRatio',
      input: { targetRatio: Number.NaN },
      parameter: 'targetRatio',
    },
    {
      name: 'a targetRatio above tokenRatio',
      input: { tokenRatio: 0.6, targetRatio: 0.7 },
      parameter: 'targetRatio',
    },
    {
      name: 'an explicit targetRatio above the default tokenRatio',
      input: { targetRatio: 0.8 },
      parameter: 'targetRatio',
    },
    {
      name: 'an offloadSinglePreview equal to largePayloadThreshold',
      input: { largePayloadThreshold: 300, offloadSinglePreview: 300 },
      parameter: 'offloadSinglePreview',
    },
    {
      name: 'an offloadSinglePreview above the default largePayloadThreshold',
      input: { offloadSinglePreview: 6000 },
      parameter: 'offloadSinglePreview',
    },
    { name: 'an unknown mode', input: { mode: 'fast' }, parameter: 'mode' },
    {
      name: 'a non-object strategies',
      input: { strategies: true },
      parameter: 'strategies',
    },
    {
      name: 'an unknown strategy',
      input: { strategies: { rollup: false } },
      parameter: 'strategies.rollup',
    },
    {
      name: 'a non-boolean strategy switch',
      input: { strategies: { rollupHistory: 'no' } },
      parameter: 'strategies.rollupHistory',
    },
    {
      name: 'a non-object toolPolicies',
      input: { toolPolicies: ['read_file'] },
      parameter: 'toolPolicies',
    },
    {
      name: 'an unknown tool policy',
      input: { toolPolicies: { keep: [] } },
      parameter: 'toolPolicies.keep',
    },
    {
      name: 'a tool policy that is not an array',
      input: { toolPolicies: { pin: 'plan' } },
      parameter: 'toolPolicies.pin',
    },
    {
      name: 'a tool policy with a non-string entry',
      input: { toolPolicies: { neverCompress: ['read_file', 3] } },
      parameter: 'toolPolicies.neverCompress',
    },
    {
      name: 'a non-object customPrompt',
      input: { customPrompt: 'Summarize.' },
      parameter: 'customPrompt',
    },
    {
      name: 'an unknown customPrompt key',
      input: { customPrompt: { offloadLargeMessages: 'x' } },
      parameter: 'customPrompt.offloadLargeMessages',
    },
    {
      name: 'a non-string custom prompt',
      input: { customPrompt: { summarizeRounds: 42 } },
      parameter: 'customPrompt.summarizeRounds',
    },
    {
      name: 'a zero summarizerTimeoutMs',
      input: { summarizerTimeoutMs: 0 },
      parameter: 'summarizerTimeoutMs',
    },
    {
      name: 'a negative summarizerTimeoutMs',
      input: { summarizerTimeoutMs: -1 },
      parameter: 'summarizerTimeoutMs',
    },
    {
      name: 'an infinite summarizerTimeoutMs',
      input: { summarizerTimeoutMs: Infinity },
      parameter: 'summarizerTimeoutMs',
    },
    {
      name: 'a summarizerInputTokens below 1000',
      input: { summarizerInputTokens: 999 },
      parameter: 'summarizerInputTokens',
    },
    {
      name: 'a zero summarizerConcurrency',
      input: { summarizerConcurrency: 0 },
      parameter: 'summarizerConcurrency',
    },
    {
      name: 'a fractional summarizerConcurrency',
      input: { summarizerConcurrency: 2.5 },
      parameter: 'summarizerConcurrency',
    },
    {
      name: 'a zero maxToolRunsPerPass',
      input: { maxToolRunsPerPass: 0 },
      parameter: 'maxToolRunsPerPass',
    },
    {
      name: 'a fractional maxToolRunsPerPass',
      input: { maxToolRunsPerPass: 1.5 },
      parameter: 'maxToolRunsPerPass',
    },
    {
      name: 'a NaN maxToolRunsPerPass',
      input: { maxToolRunsPerPass: Number.NaN },
      parameter: 'maxToolRunsPerPass',
    },
    {
      name: 'a non-boolean fallbackToExtractive',
      input: { fallbackToExtractive: 'yes' },
      parameter: 'fallbackToExtractive',
    },
    { name: 'a null option', input: { lastKeep: null }, parameter: 'lastKeep' },
  ];

  it.each(rejections)('should reject $name', ({ input, parameter }) => {
    const error = resolveError(input);

    expect(InvalidConfigError.isInstance(error)).toBe(true);
    expect(error.code).toBe('INVALID_CONFIG');
    expect(error.parameter).toBe(parameter);
  });

  it('should suggest the option a typo meant', () => {
    const error = resolveError({ lastkeep: 5 });

    expect(error.message).toBe(
      `Invalid config option lastkeep: unknown option; did you mean lastKeep? Known options: ${Object.keys(DEFAULT_CONFIG).join(', ')}`,
    );
    expect(error.value).toBe(5);
  });

  it('should name the nested option in the message', () => {
    const error = resolveError({ strategies: { rollupHistory: 'no' } });

    expect(error.message).toBe(
      'Invalid config option strategies.rollupHistory: must be a boolean, received "no"',
    );
  });

  it('should name the offending entry of a tool policy', () => {
    const error = resolveError({ toolPolicies: { pin: ['plan', 7] } });

    expect(error.message).toBe(
      'Invalid config option toolPolicies.pin: must be an array of tool names, but entry 1 is 7',
    );
  });

  it('should scale the token thresholds with maxToken when they are not given', () => {
    expect(
      [131072, 14000, 2000].map((maxToken) => {
        const config = resolveConfig({ maxToken });
        return [
          config.minCompressionTokenThreshold,
          config.historyRollupKeepRecentTokens,
        ];
      }),
    ).toEqual([
      [5000, 8000],
      [700, 1400],
      [100, 200],
    ]);
  });

  it('should accept token thresholds as absolute tokens or as a fraction of maxToken', () => {
    const config = resolveConfig({
      maxToken: 6000,
      minCompressionTokenThreshold: 123,
      historyRollupKeepRecentTokens: { fraction: 0.25 },
    });
    expect([
      config.minCompressionTokenThreshold,
      config.historyRollupKeepRecentTokens,
    ]).toEqual([123, 1500]);
  });

  it('should accept maxToken as a fraction of a context window', () => {
    const config = resolveConfig({
      maxToken: { contextWindow: 200_000, fraction: 0.8 },
    });
    expect([config.maxToken, config.minCompressionTokenThreshold]).toEqual([
      160_000, 5000,
    ]);
  });

  it('should reject a relative threshold outside (0, 1] or with unknown keys', () => {
    expect(
      resolveError({ minCompressionTokenThreshold: { fraction: 1.5 } })
        .parameter,
    ).toBe('minCompressionTokenThreshold.fraction');
    expect(
      resolveError({ historyRollupKeepRecentTokens: { share: 0.1 } }).parameter,
    ).toBe('historyRollupKeepRecentTokens.share');
    expect(
      resolveError({ maxToken: { contextWindow: 0, fraction: 0.5 } }).parameter,
    ).toBe('maxToken.contextWindow');
    expect(
      resolveError({ maxToken: { contextWindow: 1, fraction: 0.5 } }).parameter,
    ).toBe('maxToken');
  });
});
