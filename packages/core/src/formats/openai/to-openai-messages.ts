import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { Message } from '../../vocabulary/message/message';
import type { OpenAIChatMessage } from './openai-chat-message';
import { getOpenAIMetadata } from './openai-message-metadata';
import { writeOpenAIAssistantMessage } from './write-openai-assistant-message';
import { writeOpenAISystemOrUserMessage } from './write-openai-system-or-user-message';
import { writeOpenAIToolMessages } from './write-openai-tool-messages';

/**
 * - `'lossless'`: reproduces what `fromOpenAIMessages` read, exactly, with its
 *   extension fields (`id`, `reasoning_content` / `reasoning`, tool `name` and
 *   `is_error`, unknown fields). For storing and re-exporting traces.
 * - `'strict'`: only fields the OpenAI API documents, for sending to a server.
 *   Reasoning, ids, tool `name` / `is_error` and unknown fields are left out;
 *   `content` is always present (`null` only on assistant messages).
 */
export type OpenAIDialect = 'lossless' | 'strict';

export interface ToOpenAIMessagesOptions {
  /**
   * Which fields to write: everything (`'lossless'`) or only what the OpenAI
   * API documents (`'strict'`).
   * @default 'lossless'
   */
  dialect?: OpenAIDialect;
}

/**
 * Converts core messages into OpenAI chat-completions messages: the inverse of
 * `fromOpenAIMessages`, which it reproduces exactly in the lossless dialect.
 *
 * Messages without `metadata.openai` (written by ACM or an adapter) convert by
 * default rules: text parts join into a string `content` (with `\n`), file
 * parts make an array `content`, an assistant message with only tool calls has
 * `content: null`, tool-call inputs are written with `JSON.stringify`, a tool
 * output that is not a string is written as JSON, and a tool message with
 * several tool-result parts becomes one OpenAI tool message per part.
 *
 * @throws {InvalidArgumentError} for a dialect it does not know.
 * @throws {InvalidMessageError} (`invalid-content`, with the index of the core
 * message) for a part OpenAI cannot carry in that role: files outside user
 * messages, tool calls outside assistant messages, tool results outside tool
 * messages, reasoning outside assistant messages, or a tool message without a
 * tool result.
 */
export function toOpenAIMessages(
  messages: readonly Message[],
  options: ToOpenAIMessagesOptions = {},
): OpenAIChatMessage[] {
  const { dialect = 'lossless' } = options;
  if (dialect !== 'lossless' && dialect !== 'strict') {
    throw new InvalidArgumentError({
      parameter: 'dialect',
      value: dialect,
      message: "expected 'lossless' or 'strict'",
    });
  }
  const lossless = dialect === 'lossless';
  const output: OpenAIChatMessage[] = [];
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    const metadata = getOpenAIMetadata(message);
    switch (message.role) {
      case 'system':
      case 'user':
        output.push(
          writeOpenAISystemOrUserMessage(message, index, metadata, lossless),
        );
        break;
      case 'assistant':
        output.push(
          writeOpenAIAssistantMessage(message, index, metadata, lossless),
        );
        break;
      case 'tool':
        for (const written of writeOpenAIToolMessages(
          message,
          index,
          metadata,
          lossless,
        )) {
          output.push(written);
        }
        break;
    }
  }
  return output;
}
