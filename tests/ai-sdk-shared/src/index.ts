export type {
  AiSdkMajor,
  MockCallOptions,
  MockContent,
  MockFinishReason,
  MockGenerateResult,
  MockLanguageModel,
  MockLanguageModelClass,
  MockPromptMessage,
  MockStreamPart,
  MockUsage,
  TextCallOptions,
  TextResponse,
  TextStep,
} from './ai-sdk-major';
export { describeHistoryScenarios } from './describe-history-scenarios';
export { describeMiddlewareScenarios } from './describe-middleware-scenarios';
export { describeOpenAIEndToEndScenarios } from './describe-openai-end-to-end-scenarios';
export type { OpenAIEndToEndMajor } from './describe-openai-end-to-end-scenarios';
export { describePrepareStepScenarios } from './describe-prepare-step-scenarios';
export { describeSessionLifecycleScenarios } from './describe-session-lifecycle-scenarios';
