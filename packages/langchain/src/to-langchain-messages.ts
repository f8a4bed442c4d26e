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
 * Core messages as LangChain messages (core's `toLangChainMessageFields` made
 * into classes): the inverse of `fromLangChainMessages`, exact for every
 * message it produced, ids always set (for LangGraph's reducer). Messages
 * ACM wrote carry `additional_kwargs.acm` and `additional_kwargs.lc_source`.
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
