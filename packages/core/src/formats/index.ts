export type {
  AiSdkFileData,
  AiSdkFilePart,
  AiSdkImagePart,
  AiSdkMessage,
  AiSdkOtherPart,
  AiSdkPart,
  AiSdkProviderOptions,
  AiSdkReasoningFilePart,
  AiSdkReasoningPart,
  AiSdkSpecificationVersion,
  AiSdkTextPart,
  AiSdkToolCallPart,
  AiSdkToolResultOutput,
  AiSdkToolResultPart,
} from './ai-sdk-prompt';
export type {
  AiSdkFileForm,
  AiSdkMessageMetadata,
  AiSdkPartMetadata,
  AiSdkPassthroughPart,
  AiSdkToolOutputKind,
} from './ai-sdk-message-metadata';
export {
  AI_SDK_METADATA_KEY,
  getAiSdkMetadata,
} from './ai-sdk-message-metadata';
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
export {
  EXECUTION_DENIED_TEXT,
  fromAiSdkMessage,
  fromAiSdkMessages,
} from './from-ai-sdk-messages';
export type { FromAiSdkMessagesOptions } from './from-ai-sdk-messages';
export { fromConversationMessages } from './from-conversation-messages';
export { fromLangChainMessages } from './from-langchain-messages';
export type { FromLangChainMessagesOptions } from './from-langchain-messages';
export {
  ACM_LC_SOURCE,
  LANGCHAIN_METADATA_KEY,
} from './langchain-message-metadata';
export type {
  JsonObject,
  LangChainMessageFields,
  LangChainMessageMetadata,
  LangChainToolCallMetadata,
} from './langchain-message-metadata';
export { toLangChainMessageFields } from './to-langchain-message-fields';
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
export { toAiSdkMessage, toAiSdkMessages } from './to-ai-sdk-messages';
export type { ToAiSdkMessagesOptions } from './to-ai-sdk-messages';
export { toOpenAIResponsesItems } from './to-openai-responses-items';
export type { OpenAIResponsesItem } from './to-openai-responses-items';
