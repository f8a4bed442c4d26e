export { CONVERSATION_FORMATS } from './conversation-format';
export type { ConversationFormat } from './conversation-format';
export { detectConversationFormat } from './detect-conversation-format';
export type {
  ConversationInput,
  FormatDetection,
  FormatEvidence,
} from './detect-conversation-format';
export { fromAnthropicMessages } from './from-anthropic-messages';
export type { FromAnthropicMessagesOptions } from './from-anthropic-messages';
export { fromConversationMessages } from './from-conversation-messages';
export { fromLangChainSerializedMessages } from './from-langchain-serialized-messages';
export type { FromLangChainSerializedMessagesOptions } from './from-langchain-serialized-messages';
export { fromModelMessages } from './from-model-messages';
export type { FromModelMessagesOptions } from './from-model-messages';
export { fromOpenAIResponsesItems } from './from-openai-responses-items';
export type { FromOpenAIResponsesItemsOptions } from './from-openai-responses-items';
export type { GenerateMessageId } from './format-reading';
export { toAnthropicMessages } from './to-anthropic-messages';
export type {
  AnthropicContentBlock,
  AnthropicConversation,
  AnthropicMessage,
} from './to-anthropic-messages';
export { toOpenAIResponsesItems } from './to-openai-responses-items';
export type { OpenAIResponsesItem } from './to-openai-responses-items';
