// The application API of @acm/core: at most 40 runtime values, reviewed in
// `public-api.test.ts`. Every type stays exported. Engine internals (each
// strategy, the engine, tag patterns, tuning constants, state operations) are
// in `@acm/core/internal` (for sibling packages; not covered by semver).
// ADR: docs/decisions/2026-11-25-public-surface.md

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

export type * from './vocabulary/clock';
export type * from './vocabulary/config';
export type * from './state/contract';
export type * from './state/conversation';
export type * from './engine/loop';
export type * from './vocabulary/error';
export type * from './vocabulary/event';
export type * from './memory/facade';
export type * from './vocabulary/message';
export type * from './formats/openai';
export type * from './engine/plan';
export type * from './engine/prompt';
export type * from './state/offload';
export type * from './tools/reload';
export type * from './memory/compression';
export type * from './runtime';
export type * from './session';
export type * from './state/context-state';
export type * from './memory/store';
export type * from './engine/strategy';
export type * from './summary/summarizer';
export type * from './summary/text';
export type * from './session/telemetry';
export type * from './engine/trigger';
export type * from './state/token';
