// The `@acm/core/types` entry: every type of the root, listed by name, and
// nothing else. The root and each adapter (`@acm/ai-sdk`, `@acm/langchain`,
// `@acm/agent`) re-export it with `export type *`: since this module holds no
// value, the bundled declarations cannot make a value look exported (an
// `export type *` of a folder did: a phantom that compiled, then was
// undefined). One list instead of four. scripts/check-dist-types.mjs checks
// the build. ADR: docs/decisions/2026-11-28-adapter-kit.md
export type { Clock, IdGenerator } from './vocabulary/clock';
export type {
  AutoContextConfig,
  AutoContextConfigInput,
  CompressionMode,
  LlmStrategyName,
  PromptConfig,
  TokenAmount,
  TokenBudget,
  ToolPolicies,
} from './vocabulary/config';
export type {
  CheckContractOptions,
  ContractViolation,
  ContractViolationKind,
} from './state/contract';
export type {
  ConversationStructure,
  Exchange,
  Round,
} from './state/conversation';
export type {
  ApplyPlanOptions,
  CompactionEndEvent,
  CompactionStartEvent,
  CompressionListenerEvent,
  CompressionStopReason,
  OverBudget,
  PassReport,
} from './engine/loop';
export type {
  AcmErrorCode,
  InvalidMessageReason,
  SummarizerFailureReason,
  TokenizerFailureReason,
} from './vocabulary/error';
export type {
  CompressionAppliedEvent,
  CompressionEvent,
  CompressionFailedEvent,
  MessageRange,
  SummarizerCost,
} from './vocabulary/event';
export type {
  AddMessagesOptions,
  AutoContextMemoryOptions,
  CompressIfNeededOptions,
  PlanProvider,
  PreviewCompressionOptions,
  SaveWithRetryOptions,
  SaveWithRetryResult,
} from './memory/facade';
export type {
  AcmMarker,
  AcmMessageKind,
  FilePart,
  IdentifierLedger,
  Message,
  Part,
  PartType,
  ReasoningPart,
  Role,
  StrategyName,
  TextPart,
  ToolCallPart,
  ToolResultPart,
} from './vocabulary/message';
export type {
  FromOpenAIMessagesOptions,
  OpenAIAssistantContentPart,
  OpenAIAssistantMessage,
  OpenAIAudioContentPart,
  OpenAIChatMessage,
  OpenAIChatRole,
  OpenAIContentForm,
  OpenAIContentPartMetadata,
  OpenAIDeveloperMessage,
  OpenAIDialect,
  OpenAIFileContentPart,
  OpenAIImageContentPart,
  OpenAIMessageMetadata,
  OpenAIReasoningField,
  OpenAIRefusalContentPart,
  OpenAISystemMessage,
  OpenAITextContentPart,
  OpenAIToolCall,
  OpenAIToolCallMetadata,
  OpenAIToolMessage,
  OpenAIUserContentPart,
  OpenAIUserMessage,
  ToOpenAIMessagesOptions,
} from './formats/openai';
export type { Plan, PlanSubtask, SubtaskState } from './engine/plan';
export type { RenderedSummaryRequest } from './engine/prompt';
export type { OffloadLookup } from './state/offload';
export type {
  ContextReloadFunction,
  ContextReloadHandler,
  ContextReloadInput,
  ContextReloadMemory,
  ContextReloadToolDefinition,
  CreateContextReloadHandlerOptions,
} from './tools/reload';
export type {
  CompressionDryRun,
  CompressionResult,
  PlanCompressionOptions,
  PlannedPass,
  RunCompressionOptions,
} from './memory/compression';
export type {
  CreateTiktokenTokenCounterOptions,
  TiktokenEncoder,
  TiktokenEncodingName,
  WarmUpOptions,
} from './runtime';
export type { LongTermTurnError, LongTermTurns, PartEntry } from './session';
export type {
  ContextState,
  CreateContextStateOptions,
  SerializedContextState,
  ToolPairingMode,
  ToolPairingProblemKind,
  ToolPairingRepair,
} from './state/context-state';
export type { InMemorySessionStore } from './memory/store';
export type {
  CompressionPlan,
  CompressionPressure,
  CreateStrategyContextOptions,
  PlannedEdit,
  Strategy,
  StrategyContext,
  StrategyDescriptor,
  SummaryPlacement,
  SummaryTask,
} from './engine/strategy';
export type {
  CreateExtractiveSummarizerOptions,
  Summarizer,
  SummarizerUsage,
  SummarizeSpanOptions,
  SummarizeSpanResult,
  SummaryRequest,
  SummaryResult,
  SummarySection,
} from './summary/summarizer';
export type {
  ExtractIdentifierLedgerOptions,
  RenderLedgerOptions,
  RenderTranscriptOptions,
  SummaryRejectionReason,
  SummaryValidation,
} from './summary/text';
export type { CheckTriggerOptions, TriggerCheck } from './engine/trigger';
export type {
  CountFixedTokensOptions,
  CreateApproximateTokenCounterOptions,
  CreateTokenCounterOptions,
  TokenCounter,
} from './state/token';
// And the adapter kit's types the root exports too, listed in `./kit-types`.
export type * from './kit-types';
