import { InvalidConfigError } from '../error/invalid-config-error';
import type {
  AutoContextConfig,
  AutoContextConfigInput,
  CompressionMode,
  LlmStrategyName,
  PromptConfig,
  ToolPolicies,
} from './config';
import { DEFAULT_CONFIG, RELATIVE_THRESHOLD_DEFAULTS } from './config';
import type { StrategyName } from './strategy-descriptors';
import { LLM_STRATEGY_NAMES, STRATEGY_NAMES } from './strategy-descriptors';
import { describeValue } from '../util/describe-value';
import type { DescribeValueOptions } from '../util/describe-value';
import { isRecord } from '../util/is-record';

/** How a config error names the value it received: strings as JSON, numbers as written, other values by type. */
const CONFIG_WORDING: DescribeValueOptions = {
  undefinedAs: 'undefined',
  string: 'json',
  other: 'type',
};

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
      message: `must be an object, received ${describeValue(input, CONFIG_WORDING)}`,
    });
  }

  const given: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!Object.hasOwn(VALIDATORS, key)) {
      throw unknownOption(key, value, Object.keys(VALIDATORS), '');
    }
    if (value === undefined) continue;
    VALIDATORS[key as keyof AutoContextConfig](value, key);
    given[key] = value;
  }

  const strategies = given.strategies as AutoContextConfigInput['strategies'];
  const toolPolicies =
    given.toolPolicies as AutoContextConfigInput['toolPolicies'];
  const customPrompt = given.customPrompt as PromptConfig | undefined;

  const maxToken = resolveBudget(given.maxToken);
  const relative = (key: keyof typeof RELATIVE_THRESHOLD_DEFAULTS): number => {
    const value = given[key] as number | { fraction: number } | undefined;
    if (typeof value === 'number') return value;
    if (value !== undefined) return Math.round(value.fraction * maxToken);
    const { fraction, atMost } = RELATIVE_THRESHOLD_DEFAULTS[key];
    return Math.min(atMost, Math.round(fraction * maxToken));
  };

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

type Validator = (value: unknown, parameter: string) => void;

/** Every option's check. Typed as a full record so a new option cannot be forgotten. */
const VALIDATORS: Readonly<Record<keyof AutoContextConfig, Validator>> = {
  msgThreshold: integerAtLeast(1),
  maxToken: validateBudget,
  tokenRatio: ratio,
  lastKeep: integerAtLeast(0),
  // A threshold of 0 would make every message, even an empty one, "large".
  largePayloadThreshold: integerAtLeast(1),
  offloadSinglePreview: integerAtLeast(0),
  minConsecutiveToolMessages: integerAtLeast(0),
  currentRoundCompressionRatio: ratio,
  minCompressionTokenThreshold: tokenAmount,
  historyRollupKeepRecentRounds: integerAtLeast(0),
  historyRollupKeepRecentTokens: tokenAmount,
  customPrompt: validateCustomPrompt,
  mode: validateMode,
  compactRatioThreshold: ratio,
  targetRatio: ratio,
  strategies: validateStrategies,
  toolPolicies: validateToolPolicies,
  summarizerTimeoutMs: validateTimeout,
  summarizerInputTokens: integerAtLeast(1000),
  summarizerConcurrency: integerAtLeast(1),
  maxToolRunsPerPass: integerAtLeast(1),
  fallbackToExtractive: validateBoolean,
  minCurrentRoundSavingsRatio: fraction,
};

const STRATEGY_KEYS: Readonly<Record<StrategyName, true>> =
  keysOf(STRATEGY_NAMES);

const PROMPT_KEYS: Readonly<Record<LlmStrategyName, true>> =
  keysOf(LLM_STRATEGY_NAMES);

const TOOL_POLICY_KEYS: Readonly<Record<keyof ToolPolicies, true>> = {
  neverCompress: true,
  pin: true,
};

const MODES: Readonly<Record<CompressionMode, true>> = {
  compact: true,
  compress: true,
  auto: true,
};

function integerAtLeast(minimum: number): Validator {
  return (value, parameter) => {
    if (
      typeof value !== 'number' ||
      !Number.isFinite(value) ||
      !Number.isInteger(value)
    ) {
      throw new InvalidConfigError({
        parameter,
        value,
        message: `must be a finite integer, received ${describeValue(value, CONFIG_WORDING)}`,
      });
    }
    if (value < minimum) {
      throw new InvalidConfigError({
        parameter,
        value,
        message: `must be at least ${minimum}, received ${value}`,
      });
    }
  };
}

function resolveBudget(value: unknown): number {
  if (value === undefined) return DEFAULT_CONFIG.maxToken;
  if (typeof value === 'number') return value;
  const { contextWindow, fraction: share } = value as {
    contextWindow: number;
    fraction: number;
  };
  return Math.floor(contextWindow * share);
}

/** `maxToken`: an integer ≥ 1, or `{ contextWindow, fraction }` giving at least 1 token. */
function validateBudget(value: unknown, parameter: string): void {
  if (typeof value === 'number') {
    integerAtLeast(1)(value, parameter);
    return;
  }
  const record = requireRecord(value, parameter);
  for (const key of Object.keys(record)) {
    if (key !== 'contextWindow' && key !== 'fraction') {
      throw unknownOption(
        key,
        record[key],
        ['contextWindow', 'fraction'],
        `${parameter}.`,
      );
    }
  }
  integerAtLeast(1)(record.contextWindow, `${parameter}.contextWindow`);
  ratio(record.fraction, `${parameter}.fraction`);
  if (resolveBudget(record) < 1) {
    throw new InvalidConfigError({
      parameter,
      value,
      message: `must give at least 1 token, received ${resolveBudget(record)}`,
    });
  }
}

/** A token amount: an integer ≥ 0, or `{ fraction }` with a fraction in (0, 1] of `maxToken`. */
function tokenAmount(value: unknown, parameter: string): void {
  if (typeof value === 'number') {
    integerAtLeast(0)(value, parameter);
    return;
  }
  const record = requireRecord(value, parameter);
  for (const key of Object.keys(record)) {
    if (key !== 'fraction') {
      throw unknownOption(key, record[key], ['fraction'], `${parameter}.`);
    }
  }
  ratio(record.fraction, `${parameter}.fraction`);
}

function fraction(value: unknown, parameter: string): void {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < 0 ||
    value > 1
  ) {
    throw new InvalidConfigError({
      parameter,
      value,
      message: `must be a number in [0, 1], received ${describeValue(value, CONFIG_WORDING)}`,
    });
  }
}

function ratio(value: unknown, parameter: string): void {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value <= 0 ||
    value > 1
  ) {
    throw new InvalidConfigError({
      parameter,
      value,
      message: `must be a number in (0, 1], received ${describeValue(value, CONFIG_WORDING)}`,
    });
  }
}

function validateTimeout(value: unknown, parameter: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new InvalidConfigError({
      parameter,
      value,
      message: `must be a finite number of milliseconds greater than 0, received ${describeValue(value, CONFIG_WORDING)}`,
    });
  }
}

function validateBoolean(value: unknown, parameter: string): void {
  if (typeof value !== 'boolean') {
    throw new InvalidConfigError({
      parameter,
      value,
      message: `must be a boolean, received ${describeValue(value, CONFIG_WORDING)}`,
    });
  }
}

function validateMode(value: unknown, parameter: string): void {
  if (typeof value !== 'string' || !Object.hasOwn(MODES, value)) {
    throw new InvalidConfigError({
      parameter,
      value,
      message: `must be one of ${Object.keys(MODES).join(' | ')}, received ${describeValue(value, CONFIG_WORDING)}`,
    });
  }
}

function validateStrategies(value: unknown, parameter: string): void {
  const record = requireRecord(value, parameter);
  for (const [key, flag] of Object.entries(record)) {
    if (!Object.hasOwn(STRATEGY_KEYS, key)) {
      throw unknownOption(
        key,
        flag,
        Object.keys(STRATEGY_KEYS),
        `${parameter}.`,
      );
    }
    if (flag !== undefined) validateBoolean(flag, `${parameter}.${key}`);
  }
}

function validateToolPolicies(value: unknown, parameter: string): void {
  const record = requireRecord(value, parameter);
  for (const [key, list] of Object.entries(record)) {
    if (!Object.hasOwn(TOOL_POLICY_KEYS, key)) {
      throw unknownOption(
        key,
        list,
        Object.keys(TOOL_POLICY_KEYS),
        `${parameter}.`,
      );
    }
    if (list === undefined) continue;
    const name = `${parameter}.${key}`;
    if (!Array.isArray(list)) {
      throw new InvalidConfigError({
        parameter: name,
        value: list,
        message: `must be an array of tool names, received ${describeValue(list, CONFIG_WORDING)}`,
      });
    }
    list.forEach((entry: unknown, index) => {
      if (typeof entry !== 'string') {
        throw new InvalidConfigError({
          parameter: name,
          value: list,
          message: `must be an array of tool names, but entry ${index} is ${describeValue(entry, CONFIG_WORDING)}`,
        });
      }
    });
  }
}

function validateCustomPrompt(value: unknown, parameter: string): void {
  const record = requireRecord(value, parameter);
  for (const [key, prompt] of Object.entries(record)) {
    if (!Object.hasOwn(PROMPT_KEYS, key)) {
      throw unknownOption(
        key,
        prompt,
        Object.keys(PROMPT_KEYS),
        `${parameter}.`,
      );
    }
    // Blank strings are allowed: they mean "use the default prompt".
    if (prompt !== undefined && typeof prompt !== 'string') {
      throw new InvalidConfigError({
        parameter: `${parameter}.${key}`,
        value: prompt,
        message: `must be a string, received ${describeValue(prompt, CONFIG_WORDING)}`,
      });
    }
  }
}

function requireRecord(
  value: unknown,
  parameter: string,
): Record<string, unknown> {
  if (!isRecord(value)) {
    throw new InvalidConfigError({
      parameter,
      value,
      message: `must be an object, received ${describeValue(value, CONFIG_WORDING)}`,
    });
  }
  return value;
}

function unknownOption(
  key: string,
  value: unknown,
  known: readonly string[],
  prefix: string,
): InvalidConfigError {
  const suggestion = closestName(key, known);
  return new InvalidConfigError({
    parameter: `${prefix}${key}`,
    value,
    message:
      `unknown option` +
      (suggestion === undefined
        ? ''
        : `; did you mean ${prefix}${suggestion}?`) +
      ` Known options: ${known.join(', ')}`,
  });
}

/** The known name closest to `key` (case-insensitive, at most 2 edits away), if any. */
function closestName(
  key: string,
  known: readonly string[],
): string | undefined {
  const lower = key.toLowerCase();
  let best: string | undefined;
  let bestDistance = 3;
  for (const name of known) {
    const distance = editDistance(lower, name.toLowerCase());
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= right.length; column += 1) {
      const substitution =
        (previous[column - 1] ?? 0) +
        (left[row - 1] === right[column - 1] ? 0 : 1);
      current.push(
        Math.min(
          (previous[column] ?? 0) + 1,
          (current[column - 1] ?? 0) + 1,
          substitution,
        ),
      );
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
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

function keysOf<Name extends string>(
  names: readonly Name[],
): Readonly<Record<Name, true>> {
  return Object.fromEntries(names.map((name) => [name, true])) as Record<
    Name,
    true
  >;
}
