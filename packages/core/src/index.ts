// The application API of @acm/core: at most 40 runtime values, reviewed in
// `public-api.test.ts`. Every type stays exported. Engine internals (each
// strategy, the engine, tag patterns, tuning constants, state operations) are
// in `@acm/core/internal` (for sibling packages; not covered by semver).
// ADR: docs/decisions/2026-11-25-public-surface.md

export { DEFAULT_CONFIG, resolveConfig } from './config';
export { assertContract, checkContract } from './contract';
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
} from './error';
export { AutoContextMemory, createAutoContextMemory } from './memory';
export { getAcmMarker, getMessageText, stringifyToolOutput } from './message';
export { fromOpenAIMessages, toOpenAIMessages } from './openai';
export { DEFAULT_PROMPTS, renderSummaryRequest } from './prompt';
export {
  CONTEXT_RELOAD_INSTRUCTION,
  CONTEXT_RELOAD_TOOL_NAME,
  contextReloadToolDefinition,
  createContextReloadHandler,
  findOffloadIds,
} from './offload';
export {
  createTiktokenTokenCounter,
  randomId,
  systemClock,
  warmUp,
} from './runtime';
export { createSessionRegistry, syncMessages } from './session';
export { parseState, serializeState } from './state';
export { createInMemorySessionStore } from './store';
export { createExtractiveSummarizer } from './summarizer';
export { createApproximateTokenCounter, createTokenCounter } from './token';

export type * from './clock';
export type * from './config';
export type * from './contract';
export type * from './conversation';
export type * from './engine';
export type * from './error';
export type * from './event';
export type * from './memory';
export type * from './message';
export type * from './openai';
export type * from './plan';
export type * from './prompt';
export type * from './offload';
export type * from './runtime';
export type * from './session';
export type * from './state';
export type * from './store';
export type * from './strategy';
export type * from './summarizer';
export type * from './summary';
export type * from './telemetry';
export type * from './threshold';
export type * from './token';
