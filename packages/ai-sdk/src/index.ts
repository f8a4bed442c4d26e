// What an application needs from @acm/core, so one package is enough for
// the usual set-up (everything else: import '@acm/core'). Every type of
// core's root is re-exported.
export {
  AcmError,
  AutoContextMemory,
  CONTEXT_RELOAD_INSTRUCTION,
  CONTEXT_RELOAD_TOOL_NAME,
  InvalidArgumentError,
  InvalidConfigError,
  InvalidMessageError,
  StoreConflictError,
  StoreError,
  SummarizerError,
  TokenizerError,
  checkContract,
  createApproximateTokenCounter,
  createAutoContextMemory,
  createExtractiveSummarizer,
  createInMemorySessionStore,
  createTiktokenTokenCounter,
  createTokenCounter,
  findOffloadIds,
  getMessageText,
  warmUp,
} from '@acm/core';
// Every type of core's root: `@acm/core/types` lists them by name and holds
// no value, so the bundled declarations declare no phantom value.
export type * from '@acm/core/types';
// The AI SDK ⇄ core message mapping lives in @acm/core/formats (pure, no
// `ai` import); re-exported here for the middleware's users.
export type {
  AiSdkFileData,
  AiSdkFilePart,
  AiSdkFileForm,
  AiSdkImagePart,
  AiSdkMessage,
  AiSdkMessageMetadata,
  AiSdkOtherPart,
  AiSdkPart,
  AiSdkPartMetadata,
  AiSdkPassthroughPart,
  AiSdkProviderOptions,
  AiSdkReasoningFilePart,
  AiSdkReasoningPart,
  AiSdkSpecificationVersion,
  AiSdkTextPart,
  AiSdkToolCallPart,
  AiSdkToolOutputKind,
  AiSdkToolResultOutput,
  AiSdkToolResultPart,
  FromAiSdkMessagesOptions,
  ToAiSdkMessagesOptions,
} from '@acm/core/formats';
export {
  AI_SDK_METADATA_KEY,
  EXECUTION_DENIED_TEXT,
  fromAiSdkMessage,
  fromAiSdkMessages,
  getAiSdkMetadata,
  toAiSdkMessage,
  toAiSdkMessages,
} from '@acm/core/formats';
export {
  ACM_PROVIDER_OPTIONS_KEY,
  autoContextMiddleware,
} from './auto-context-middleware';
export type {
  AiSdkCallOptions,
  AiSdkHistoryOptions,
  AutoContextMiddleware,
  AutoContextMiddlewareOptions,
} from './auto-context-middleware';
export { HistoryMismatchError, SHARED_SESSION_ID } from '@acm/core/adapter';
export { autoContextPrepareStep } from './auto-context-prepare-step';
export type {
  AutoContextPrepareStep,
  AutoContextPrepareStepOptions,
  AutoContextStepOptions,
} from './auto-context-prepare-step';
export { contextReloadTool } from './context-reload-tool';
export type { ContextReloadToolOptions } from './context-reload-tool';
export { summarizerFromLanguageModel } from './summarizer-from-language-model';
export type {
  SummarizerFromLanguageModelOptions,
  SummarizerLanguageModel,
} from './summarizer-from-language-model';
export { longTermMemoryMiddleware } from './long-term-memory-middleware';
export type {
  LongTermMemoryErrorContext,
  LongTermMemoryMiddleware,
  LongTermMemoryMiddlewareOptions,
} from './long-term-memory-middleware';
export { longTermMemoryTools } from './long-term-memory-tools';
export { contextSearchTool } from './context-search-tool';
export type { ContextSearchToolOptions } from './context-search-tool';
