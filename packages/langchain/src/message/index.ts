export { fromLangChainMessages } from './from-langchain-messages';
export type { FromLangChainMessagesOptions } from './from-langchain-messages';
export {
  toLangChainMessage,
  toLangChainMessages,
} from './to-langchain-messages';
export {
  ACM_LC_SOURCE,
  LANGCHAIN_METADATA_KEY,
} from './langchain-message-metadata';
export type {
  JsonObject,
  LangChainMessageMetadata,
  LangChainToolCallMetadata,
} from './langchain-message-metadata';
