export { fromOpenAIMessages } from './from-openai-messages';
export type { FromOpenAIMessagesOptions } from './from-openai-messages';
export { toOpenAIMessages } from './to-openai-messages';
export type {
  OpenAIDialect,
  ToOpenAIMessagesOptions,
} from './to-openai-messages';
export { getOpenAIMetadata } from './openai-message-metadata';
export type {
  OpenAIContentForm,
  OpenAIContentPartMetadata,
  OpenAIMessageMetadata,
  OpenAIReasoningField,
  OpenAIToolCallMetadata,
} from './openai-message-metadata';
export type {
  OpenAIAssistantContentPart,
  OpenAIAssistantMessage,
  OpenAIAudioContentPart,
  OpenAIChatMessage,
  OpenAIChatRole,
  OpenAIDeveloperMessage,
  OpenAIFileContentPart,
  OpenAIImageContentPart,
  OpenAIRefusalContentPart,
  OpenAISystemMessage,
  OpenAITextContentPart,
  OpenAIToolCall,
  OpenAIToolMessage,
  OpenAIUserContentPart,
  OpenAIUserMessage,
} from './openai-chat-message';
