import type { AutoContextConfig } from './config';
import { validateBudget } from './validate-budget';
import { validateCustomPrompt } from './validate-custom-prompt';
import {
  countAtLeast,
  fraction,
  integerAtLeast,
  ratio,
  validateTimeout,
} from './validate-number';
import {
  validateBoolean,
  validateMode,
  validateStrategies,
} from './validate-strategies';
import { validateTokenAmount } from './validate-token-amount';
import { validateToolPolicies } from './validate-tool-policies';

/** Checks one option's value; throws `InvalidConfigError` naming `parameter`. */
export type ConfigValidator = (value: unknown, parameter: string) => void;

/** Every option's check. Typed as a full record so a new option cannot be forgotten. */
export const CONFIG_VALIDATORS: Readonly<
  Record<keyof AutoContextConfig, ConfigValidator>
> = {
  msgThreshold: integerAtLeast(1),
  maxToken: validateBudget,
  tokenRatio: ratio,
  lastKeep: integerAtLeast(0),
  // A threshold of 0 would make every message, even an empty one, "large".
  largePayloadThreshold: integerAtLeast(1),
  offloadSinglePreview: integerAtLeast(0),
  minConsecutiveToolMessages: integerAtLeast(0),
  currentRoundCompressionRatio: ratio,
  minCompressionTokenThreshold: validateTokenAmount,
  historyRollupKeepRecentRounds: integerAtLeast(0),
  historyRollupKeepRecentTokens: validateTokenAmount,
  customPrompt: validateCustomPrompt,
  mode: validateMode,
  compactRatioThreshold: ratio,
  targetRatio: ratio,
  strategies: validateStrategies,
  toolPolicies: validateToolPolicies,
  summarizerTimeoutMs: validateTimeout,
  summarizerInputTokens: integerAtLeast(1000),
  summarizerConcurrency: integerAtLeast(1),
  maxToolRunsPerPass: countAtLeast(1),
  fallbackToExtractive: validateBoolean,
  minCurrentRoundSavingsRatio: fraction,
};
