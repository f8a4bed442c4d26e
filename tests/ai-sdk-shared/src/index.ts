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
  TextStep,
} from './ai-sdk-major';
export { describeMiddlewareScenarios } from './describe-middleware-scenarios';
export { describeOpenAIEndToEndScenarios } from './describe-openai-end-to-end-scenarios';
export type { OpenAIEndToEndMajor } from './describe-openai-end-to-end-scenarios';
export { describePrepareStepScenarios } from './describe-prepare-step-scenarios';
export { describeSessionLifecycleScenarios } from './describe-session-lifecycle-scenarios';
