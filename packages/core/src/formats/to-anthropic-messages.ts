import type { Message, Part } from '../vocabulary/message/message';
import { isRecord } from '../vocabulary/util/is-record';
import { failAt } from './format-reading';

/** An Anthropic content block, as `toAnthropicMessages` writes it. */
export type AnthropicContentBlock = Readonly<Record<string, unknown>> & {
  readonly type: string;
};

/** An Anthropic Messages API message. */
export interface AnthropicMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string | readonly AnthropicContentBlock[];
}

/** What `toAnthropicMessages` returns: the request's `system` and `messages`. */
export interface AnthropicConversation {
  /** The leading system messages' text: a string for one text part, else text blocks. */
  readonly system?: string | readonly AnthropicContentBlock[];
  readonly messages: readonly AnthropicMessage[];
}

/**
 * Converts core messages into an Anthropic Messages request's `system` and
 * `messages` (the inverse of `fromAnthropicMessages`):
 * leading `system` messages → `system`; consecutive `tool` messages → one
 * user message of `tool_result` blocks; a message of one text part → string
 * content; reasoning → `thinking` (or `redacted_thinking`) blocks; files →
 * `image` / `document` blocks (`url` sources for URLs).
 * @throws {InvalidMessageError} for a system message after the first
 * non-system message (Anthropic has no place for it).
 */
export function toAnthropicMessages(
  messages: readonly Message[],
): AnthropicConversation {
  let start = 0;
  const systemParts: Part[] = [];
  while (start < messages.length && messages[start]!.role === 'system') {
    systemParts.push(...messages[start]!.content);
    start++;
  }
  const result: AnthropicMessage[] = [];
  let toolBlocks: AnthropicContentBlock[] | undefined;
  for (let index = start; index < messages.length; index++) {
    const message = messages[index]!;
    if (message.role === 'tool') {
      if (toolBlocks === undefined) {
        toolBlocks = [];
        result.push({ role: 'user', content: toolBlocks });
      }
      for (const part of message.content) {
        if (part.type !== 'tool-result') continue;
        toolBlocks.push({
          type: 'tool_result',
          tool_use_id: part.toolCallId,
          content: part.output,
          ...(part.isError === true ? { is_error: true } : {}),
        });
      }
      continue;
    }
    toolBlocks = undefined;
    if (message.role === 'system') {
      throw failAt(
        index,
        'role',
        'unknown-role',
        'Anthropic has no system message after the first turn',
      );
    }
    const only = message.content[0];
    if (message.content.length === 1 && only?.type === 'text') {
      result.push({ role: message.role, content: only.text });
      continue;
    }
    result.push({
      role: message.role,
      content: message.content.map(toBlock),
    });
  }
  if (systemParts.length === 0) return { messages: result };
  const only = systemParts[0]!;
  return {
    system:
      systemParts.length === 1 && only.type === 'text'
        ? only.text
        : systemParts.map(toBlock),
    messages: result,
  };
}

function toBlock(part: Part): AnthropicContentBlock {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'reasoning': {
      const anthropic = isRecord(part.providerMetadata)
        ? part.providerMetadata.anthropic
        : undefined;
      if (isRecord(anthropic) && 'redactedData' in anthropic) {
        return { type: 'redacted_thinking', data: anthropic.redactedData };
      }
      return {
        type: 'thinking',
        thinking: part.text,
        signature:
          isRecord(anthropic) && typeof anthropic.signature === 'string'
            ? anthropic.signature
            : '',
      };
    }
    case 'tool-call':
      return {
        type: 'tool_use',
        id: part.toolCallId,
        name: part.toolName,
        input: part.input,
      };
    case 'tool-result':
      return {
        type: 'tool_result',
        tool_use_id: part.toolCallId,
        content: part.output,
        ...(part.isError === true ? { is_error: true } : {}),
      };
    case 'file': {
      const type = part.mediaType.startsWith('image/') ? 'image' : 'document';
      if (/^https?:\/\//.test(part.data)) {
        return { type, source: { type: 'url', url: part.data } };
      }
      return {
        type,
        source: { type: 'base64', media_type: part.mediaType, data: part.data },
      };
    }
  }
}
