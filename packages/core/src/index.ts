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

// Every type of the folders above, listed by name in `./types` (a module
// without values, so the bundled declarations declare no phantom value).
export type * from './types';
