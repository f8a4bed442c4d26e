import { fromOpenAIMessages } from './openai/from-openai-messages';
import type { Message } from '../vocabulary/message/message';
import type { ConversationFormat } from './conversation-format';
import type { ConversationInput } from './detect-conversation-format';
import { fromAnthropicMessages } from './from-anthropic-messages';
import { fromLangChainSerializedMessages } from './from-langchain-serialized-messages';
import { fromModelMessages } from './from-model-messages';
import { fromOpenAIResponsesItems } from './from-openai-responses-items';
import { describeValue } from '../vocabulary/util/describe-value';
import { READER_WORDING, failAt } from './format-reading';

/**
 * Reads a conversation in the given format into core messages, with the
 * reader of that format (OpenAI chat traces keep invalid tool arguments raw
 * and keep tool results without a call, as recorded traces have them).
 * @throws {InvalidMessageError} from the reader, naming the index and path.
 */
export function fromConversationMessages(
  format: ConversationFormat,
  conversation: ConversationInput,
): Message[] {
  const { messages } = conversation;
  if (format === 'openai-responses') {
    return fromOpenAIResponsesItems(messages, {
      instructions: conversation.instructions,
    });
  }
  if (typeof messages === 'string') {
    throw failAt(
      0,
      '',
      'invalid-shape',
      `expected an array of ${format} messages, got ${describeValue(messages, READER_WORDING)}`,
    );
  }
  switch (format) {
    case 'openai-chat':
      return fromOpenAIMessages(messages, {
        invalidToolArguments: 'keep-raw',
        orphanToolResults: 'keep',
      });
    case 'anthropic':
      return fromAnthropicMessages(messages, { system: conversation.system });
    case 'ai-sdk':
      return fromModelMessages(messages);
    case 'langchain':
      return fromLangChainSerializedMessages(messages);
  }
}
