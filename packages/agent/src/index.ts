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
export { HistoryMismatchError } from '@acm/core/adapter';
export * from './react-agent';
export * from './auto-context';
export * from './hook';
export * from './model';
export * from './plan';
export * from './tool';
export * from './long-term';
