export type {
  AutoContextConfig,
  AutoContextConfigInput,
  CompressionMode,
  LlmStrategyName,
  PromptConfig,
  ToolPolicies,
} from './config';
export { DEFAULT_CONFIG } from './config';
export { resolveConfig } from './resolve-config';
