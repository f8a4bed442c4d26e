// Imports without `langchain` (the middleware is `@acm/langchain/middleware`).
// What an application needs from @acm/core, and every type of its root.
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
// The LangChain ⇄ core mapping is @acm/core/formats'; here: the classes.
export {
  ACM_LC_SOURCE,
  LANGCHAIN_METADATA_KEY,
  fromLangChainMessages,
} from '@acm/core/formats';
export type {
  FromLangChainMessagesOptions,
  JsonObject,
  LangChainMessageFields,
  LangChainMessageMetadata,
  LangChainToolCallMetadata,
} from '@acm/core/formats';
export * from './auto-context-chain-memory';
export * from './auto-context-chat-message-history';
export * from './context-reload-tool';
export * from './context-search-tool';
export * from './long-term-memory-tools';
export * from './summarizer-from-chat-model';
export * from './to-langchain-messages';
