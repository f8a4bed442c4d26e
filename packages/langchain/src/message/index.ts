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
export {
  toLangChainMessage,
  toLangChainMessages,
} from './to-langchain-messages';
