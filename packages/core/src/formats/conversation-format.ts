/**
 * The trace formats ACM reads a conversation from:
 * - `openai-chat`: OpenAI chat-completions messages (`fromOpenAIMessages`);
 * - `openai-responses`: OpenAI Responses input items (`fromOpenAIResponsesItems`);
 * - `anthropic`: Anthropic Messages, with the request's `system` (`fromAnthropicMessages`);
 * - `ai-sdk`: AI SDK `ModelMessage`s of `ai` 6 or 7 (`fromModelMessages`);
 * - `langchain`: LangChain serialized messages, `toDict()` / stored or `lc`
 *   constructor JSON (`fromLangChainSerializedMessages`).
 */
export type ConversationFormat =
  'openai-chat' | 'openai-responses' | 'anthropic' | 'ai-sdk' | 'langchain';

/** Every {@link ConversationFormat}, in the order error messages list them. */
export const CONVERSATION_FORMATS: readonly ConversationFormat[] = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'ai-sdk',
  'langchain',
];
