export type {
  AutoContextConfig,
  AutoContextConfigInput,
  CompressionMode,
  LlmStrategyName,
  PromptConfig,
  TokenAmount,
  TokenBudget,
  ToolPolicies,
} from './config';
export { DEFAULT_CONFIG, RELATIVE_THRESHOLD_DEFAULTS } from './config';
export { resolveConfig } from './resolve-config';
