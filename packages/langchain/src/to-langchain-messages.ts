import type { Message } from '@acm/core';
import { toLangChainMessageFields } from '@acm/core/formats';
import {
  AIMessage,
  ChatMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import type { BaseMessage } from '@langchain/core/messages';

/** The message class of each LangChain message `type`. */
const CLASSES = {
  human: HumanMessage,
  ai: AIMessage,
  system: SystemMessage,
  tool: ToolMessage,
  generic: ChatMessage,
} as const;

/**
 * Converts core messages to LangChain messages: the inverse of
 * `fromLangChainMessages`, exact for every message it produced (ids always
 * set, so LangGraph's reducer and `RemoveMessage` find them). The mapping is
 * core's `toLangChainMessageFields` (`@acm/core/formats`); this makes the
 * classes. Messages ACM wrote carry their marker as `additional_kwargs.acm`
 * and `additional_kwargs.lc_source = 'acm'`.
 */
export function toLangChainMessages(
  messages: readonly Message[],
): BaseMessage[] {
  return messages.map((message) => toLangChainMessage(message));
}

/** Converts one core message (see {@link toLangChainMessages}). */
export function toLangChainMessage(message: Message): BaseMessage {
  const { type, ...fields } = toLangChainMessageFields(message);
  const MessageClass = CLASSES[type as keyof typeof CLASSES] as new (
    fields: object,
  ) => BaseMessage;
  return new MessageClass(fields);
}
