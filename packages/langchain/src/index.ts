// The createAgent middleware needs `langchain` and lives at
// `@acm/langchain/middleware`, so this entry imports without it.
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
export type * from '@acm/core';
// The LangChain ⇄ core mapping lives in @acm/core/formats (plain data, no
// LangChain import); this package makes the message classes.
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
