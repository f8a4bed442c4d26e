// The application API of @acm/core: at most 40 runtime values, reviewed in
// `public-api.test.ts`, and the types of every folder. What adapter and store
// authors build with is in `@acm/core/adapter` (semver-covered too); engine
// internals for custom strategies (each strategy, the engine, tag patterns,
// tuning constants, state operations) in `@acm/core/internal` (not covered by
// semver). ADRs: docs/decisions/2026-11-25-public-surface.md,
// docs/decisions/2026-11-28-adapter-kit.md

export { DEFAULT_CONFIG, resolveConfig } from './vocabulary/config';
export { assertContract, checkContract } from './state/contract';
export {
  AcmError,
  ContractViolationError,
  InvalidArgumentError,
  InvalidConfigError,
  InvalidMessageError,
  InvalidStateError,
  StoreConflictError,
  StoreError,
  SummarizerError,
  TokenizerError,
} from './vocabulary/error';
export { AutoContextMemory, createAutoContextMemory } from './memory/facade';
export {
  getAcmMarker,
  getMessageText,
  stringifyToolOutput,
} from './vocabulary/message';
export { fromOpenAIMessages, toOpenAIMessages } from './formats/openai';
export { DEFAULT_PROMPTS, renderSummaryRequest } from './engine/prompt';
export {
  CONTEXT_RELOAD_INSTRUCTION,
  CONTEXT_RELOAD_TOOL_NAME,
  contextReloadToolDefinition,
  createContextReloadHandler,
} from './tools/reload';
export { findOffloadIds } from './state/offload';
export {
  createTiktokenTokenCounter,
  randomId,
  systemClock,
  warmUp,
} from './runtime';
export { createSessionRegistry, syncMessages } from './session';
export { parseState, serializeState } from './state/context-state';
export { createInMemorySessionStore } from './memory/store';
export { createExtractiveSummarizer } from './summary/summarizer';
export {
  createApproximateTokenCounter,
  createTokenCounter,
} from './state/token';

// Every type of the folders above, listed by name: an `export type *` loses
// its type-only mark in the bundled declarations, where each value of the
// folder then looked exported (a phantom: it compiled, then was undefined).
// scripts/check-dist-types.mjs checks the build.
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
  CheckStateContractOptions,
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
  HistoryMessageRef,
  HistoryMismatchDetails,
  HistoryMismatchReason,
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
export type {
  AutoContextSessionOptions,
  CalibrationRecord,
  ChatSummaryReply,
  CreateSessionMemory,
  DroppedHistory,
  FixedContent,
  HistoryMismatchEvent,
  HistoryMismatchPolicy,
  HistoryMode,
  HistoryOptions,
  LongTermMemorySourceOf,
  LongTermMessageTurns,
  LongTermMessageTurnsOptions,
  LongTermTool,
  LongTermTurnError,
  LongTermTurnMessage,
  LongTermTurns,
  ManagedCall,
  ManageSessionRequest,
  MessageSample,
  PartEntry,
  PersistedMemory,
  RecordedCall,
  Session,
  SessionLimits,
  SessionManager,
  SessionManagerOptions,
  SessionRegistry,
  SessionRegistryOptions,
  SyncAnchor,
  SyncKind,
  SyncMessagesOptions,
  SyncMessagesResult,
} from './session';
export type {
  ContextState,
  CreateContextStateOptions,
  SerializedContextState,
  ToolPairingMode,
  ToolPairingProblemKind,
  ToolPairingRepair,
} from './state/context-state';
export type {
  AssertValidSaveOptions,
  InMemorySessionStore,
  MaybePromise,
  PlanSessionLogWriteOptions,
  ReplaySessionLogOptions,
  SaveOptions,
  SessionLogCache,
  SessionLogCursor,
  SessionLogDeltaRecord,
  SessionLogEntry,
  SessionLogFullRecord,
  SessionLogRecord,
  SessionLogWrite,
  SessionLogWriteOutcome,
  SessionStore,
  ToStoreErrorOptions,
  WriteSessionLogOptions,
} from './memory/store';
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
export type {
  CompactionAttributeValue,
  CompactionSummary,
} from './session/telemetry';
export type { CheckTriggerOptions, TriggerCheck } from './engine/trigger';
export type {
  CountFixedTokensOptions,
  CreateApproximateTokenCounterOptions,
  CreateTokenCounterOptions,
  TokenCounter,
} from './state/token';
