import { InvalidConfigError } from '../error/invalid-config-error';
import type {
  AutoContextConfig,
  AutoContextConfigInput,
  PromptConfig,
} from './config';
import { DEFAULT_CONFIG } from './config';
import type { RELATIVE_THRESHOLD_DEFAULTS } from './config';
import { CONFIG_VALIDATORS } from './config-validators';
import { describeValue } from './describe-value';
import { isRecord } from '../util/is-record';
import { checkKnownEntries } from './unknown-option';
import { resolveBudget } from './validate-budget';
import { resolveTokenAmount } from './validate-token-amount';

/** The options `resolveConfig` knows, in the order its errors list them. */
const OPTION_NAMES = Object.keys(CONFIG_VALIDATORS);

/**
 * Validates a configuration once, at the boundary, and fills in the defaults.
 *
 * Layering: `DEFAULT_CONFIG`, then every option of `input` that is not
 * `undefined` (nested objects `strategies`, `toolPolicies` and `customPrompt`
 * are merged key by key the same way). Two defaults follow the options they
 * depend on, so that a partial input never fails because of a default the
 * caller did not choose:
 * - `targetRatio`, when not given, is `min(DEFAULT_CONFIG.targetRatio, tokenRatio)`;
 * - `offloadSinglePreview`, when not given, is
 *   `min(DEFAULT_CONFIG.offloadSinglePreview, largePayloadThreshold - 1)`.
 * - `maxToken` given as `{ contextWindow, fraction }` becomes
 *   `floor(contextWindow × fraction)`;
 * - `minCompressionTokenThreshold` and `historyRollupKeepRecentTokens` given as
 *   `{ fraction }` become `round(fraction × maxToken)`; when not given, they
 *   default to `min(atMost, round(fraction × maxToken))` of
 *   `RELATIVE_THRESHOLD_DEFAULTS` (5000 and 8000 at the default budget).
 * Values the caller did give are never adjusted: they are valid or rejected.
 *
 * @returns a fresh plain object (never `input`, never `DEFAULT_CONFIG`); the
 * input is not mutated.
 * @throws {InvalidConfigError} naming the first invalid option, e.g.
 * `lastKeep`, `strategies.rollupHistory` or `toolPolicies.pin`.
 */
export function resolveConfig(
  input?: AutoContextConfigInput,
): AutoContextConfig {
  if (input === undefined) return copyConfig(DEFAULT_CONFIG);
  if (!isRecord(input)) {
    throw new InvalidConfigError({
      parameter: 'config',
      value: input,
      message: `must be an object, received ${describeValue(input)}`,
    });
  }

  const given: Record<string, unknown> = {};
  checkKnownEntries(input, OPTION_NAMES, '', (key, value) => {
    if (value === undefined) return;
    CONFIG_VALIDATORS[key as keyof AutoContextConfig](value, key);
    given[key] = value;
  });

  const strategies = given.strategies as AutoContextConfigInput['strategies'];
  const toolPolicies =
    given.toolPolicies as AutoContextConfigInput['toolPolicies'];
  const customPrompt = given.customPrompt as PromptConfig | undefined;

  const maxToken = resolveBudget(given.maxToken);
  const relative = (key: keyof typeof RELATIVE_THRESHOLD_DEFAULTS): number =>
    resolveTokenAmount(
      key,
      given[key] as number | { fraction: number } | undefined,
      maxToken,
    );

  const config: AutoContextConfig = {
    ...DEFAULT_CONFIG,
    ...(given as Partial<AutoContextConfig>),
    maxToken,
    minCompressionTokenThreshold: relative('minCompressionTokenThreshold'),
    historyRollupKeepRecentTokens: relative('historyRollupKeepRecentTokens'),
    strategies: { ...DEFAULT_CONFIG.strategies, ...definedEntries(strategies) },
    toolPolicies: {
      neverCompress: [
        ...(toolPolicies?.neverCompress ??
          DEFAULT_CONFIG.toolPolicies.neverCompress),
      ],
      pin: [...(toolPolicies?.pin ?? DEFAULT_CONFIG.toolPolicies.pin)],
    },
    customPrompt: {
      ...DEFAULT_CONFIG.customPrompt,
      ...definedEntries(customPrompt),
    },
    targetRatio:
      (given.targetRatio as number | undefined) ??
      Math.min(
        DEFAULT_CONFIG.targetRatio,
        (given.tokenRatio as number | undefined) ?? DEFAULT_CONFIG.tokenRatio,
      ),
    offloadSinglePreview:
      (given.offloadSinglePreview as number | undefined) ??
      Math.min(
        DEFAULT_CONFIG.offloadSinglePreview,
        ((given.largePayloadThreshold as number | undefined) ??
          DEFAULT_CONFIG.largePayloadThreshold) - 1,
      ),
  };

  if (config.targetRatio > config.tokenRatio) {
    throw new InvalidConfigError({
      parameter: 'targetRatio',
      value: config.targetRatio,
      message: `must be at most tokenRatio (${config.tokenRatio}): the low-water mark must sit at or below the trigger, received ${config.targetRatio}`,
    });
  }
  if (config.offloadSinglePreview >= config.largePayloadThreshold) {
    throw new InvalidConfigError({
      parameter: 'offloadSinglePreview',
      value: config.offloadSinglePreview,
      message: `must be less than largePayloadThreshold (${config.largePayloadThreshold}): a preview must be shorter than the payload it stands in for, received ${config.offloadSinglePreview}`,
    });
  }
  return config;
}

function definedEntries<TValue>(
  record: Readonly<Partial<Record<string, TValue>>> | undefined,
): Record<string, TValue> {
  const result: Record<string, TValue> = {};
  if (record === undefined) return result;
  for (const [key, value] of Object.entries(record)) {
    if (value !== undefined) result[key] = value;
  }
  return result;
}

function copyConfig(config: AutoContextConfig): AutoContextConfig {
  return {
    ...config,
    strategies: { ...config.strategies },
    toolPolicies: {
      neverCompress: [...config.toolPolicies.neverCompress],
      pin: [...config.toolPolicies.pin],
    },
    customPrompt: { ...config.customPrompt },
  };
}
