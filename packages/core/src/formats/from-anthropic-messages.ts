import type {
  FilePart,
  Message,
  Part,
  ReasoningPart,
  TextPart,
  ToolResultPart,
} from '../vocabulary/message/message';
import { isRecord } from '../vocabulary/util/is-record';
import { describeValue } from '../vocabulary/util/describe-value';
import {
  assertMessageArray,
  assertRecordAt,
  buildMessage,
  defaultGenerateMessageId,
  READER_WORDING,
  failAt,
  findToolName,
} from './format-reading';
import type { GenerateMessageId } from './format-reading';

/** Options of `fromAnthropicMessages`. */
export interface FromAnthropicMessagesOptions {
  /**
   * The request's top-level `system`: a string or text blocks. It becomes the
   * first core message (`system`).
   * @default undefined (no system message)
   */
  readonly system?: unknown;
  /**
   * Id of the core message at output position `index` (Anthropic messages
   * have no ids).
   * @default (index) => `msg-${index}`
   */
  readonly generateId?: GenerateMessageId;
}

/**
 * Converts Anthropic Messages API messages (`messages` of a request, with its
 * `system`) into core messages.
 *
 * - `system` (a string or text blocks) → one `system` message;
 * - string content → one text part (`''` → none);
 * - `text` → text; `thinking` → reasoning (its `signature` in
 *   `providerMetadata.anthropic.signature`); `redacted_thinking` → an empty
 *   reasoning part with `providerMetadata.anthropic.redactedData`;
 * - `image` / `document` with a `base64` or `url` source → file parts;
 * - `tool_use` → tool-call parts of the assistant message;
 * - each `tool_result` block of a user message → its own `tool` message
 *   (tool name from the matching `tool_use`, `is_error` → `isError`, string
 *   or block content as the output), before the user message made of the
 *   other blocks (omitted when there are none).
 *
 * Block fields core does not model (`cache_control`, `citations`) are dropped.
 * @throws {InvalidMessageError} naming the input index and the path inside it
 * for a message that is not an object, a role other than `user` /
 * `assistant`, or content of the wrong shape (an unknown block type, a
 * `tool_use` in a user message, a `tool_result` in an assistant message).
 */
export function fromAnthropicMessages(
  messages: readonly unknown[],
  options: FromAnthropicMessagesOptions = {},
): Message[] {
  const { system, generateId = defaultGenerateMessageId } = options;
  assertMessageArray(messages, 'Anthropic messages');
  const result: Message[] = [];
  const push = (
    role: Message['role'],
    content: Part[],
    metadata?: Record<string, unknown>,
  ): void => {
    result.push(
      buildMessage(generateId(result.length), role, content, { metadata }),
    );
  };
  if (system !== undefined) push('system', readSystem(system));

  messages.forEach((input: unknown, index) => {
    assertRecordAt(input, index, '', 'invalid-shape');
    const role = input.role;
    if (role !== 'user' && role !== 'assistant') {
      throw failAt(
        index,
        'role',
        'unknown-role',
        `expected "user" or "assistant", got ${describeValue(role, READER_WORDING)}`,
      );
    }
    const content = input.content;
    if (typeof content === 'string') {
      push(role, content === '' ? [] : [{ type: 'text', text: content }]);
      return;
    }
    if (!Array.isArray(content)) {
      throw failAt(
        index,
        'content',
        'invalid-content',
        `expected a string or an array of blocks, got ${describeValue(content, READER_WORDING)}`,
      );
    }
    const parts: Part[] = [];
    content.forEach((block: unknown, position) => {
      const path = `content[${position}]`;
      if (!isRecord(block)) {
        throw failAt(
          index,
          path,
          'invalid-content',
          `expected a block object, got ${describeValue(block, READER_WORDING)}`,
        );
      }
      if (block.type === 'tool_result') {
        if (role !== 'user') {
          throw failAt(
            index,
            `${path}.type`,
            'invalid-content',
            'a tool_result block belongs in a user message',
          );
        }
        push('tool', [readToolResult(block, index, path, result)]);
        return;
      }
      if (block.type === 'tool_use') {
        if (role !== 'assistant') {
          throw failAt(
            index,
            `${path}.type`,
            'invalid-content',
            'a tool_use block belongs in an assistant message',
          );
        }
        if (typeof block.id !== 'string' || typeof block.name !== 'string') {
          throw failAt(
            index,
            path,
            'invalid-content',
            'a tool_use block needs a string id and name',
          );
        }
        parts.push({
          type: 'tool-call',
          toolCallId: block.id,
          toolName: block.name,
          input: block.input ?? {},
        });
        return;
      }
      parts.push(readBlock(block, index, path));
    });
    const hadToolResults = content.some(
      (block) => isRecord(block) && block.type === 'tool_result',
    );
    if (!hadToolResults || parts.length > 0) push(role, parts);
  });
  return result;
}

function readSystem(system: unknown): TextPart[] {
  if (typeof system === 'string') {
    return system === '' ? [] : [{ type: 'text', text: system }];
  }
  if (Array.isArray(system)) {
    return system.map((block: unknown, position) => {
      if (!isRecord(block) || block.type !== 'text') {
        throw failAt(
          0,
          `system[${position}]`,
          'invalid-content',
          'expected a text block',
        );
      }
      return readText(block, 0, `system[${position}]`);
    });
  }
  throw failAt(
    0,
    'system',
    'invalid-content',
    `expected a string or text blocks, got ${describeValue(system, READER_WORDING)}`,
  );
}

function readText(
  block: Record<string, unknown>,
  index: number,
  path: string,
): TextPart {
  if (typeof block.text !== 'string') {
    throw failAt(
      index,
      `${path}.text`,
      'invalid-content',
      `expected a string, got ${describeValue(block.text, READER_WORDING)}`,
    );
  }
  return { type: 'text', text: block.text };
}

function readBlock(
  block: Record<string, unknown>,
  index: number,
  path: string,
): TextPart | ReasoningPart | FilePart {
  switch (block.type) {
    case 'text':
      return readText(block, index, path);
    case 'thinking': {
      if (typeof block.thinking !== 'string') {
        throw failAt(
          index,
          `${path}.thinking`,
          'invalid-content',
          `expected a string, got ${describeValue(block.thinking, READER_WORDING)}`,
        );
      }
      return typeof block.signature === 'string' && block.signature !== ''
        ? {
            type: 'reasoning',
            text: block.thinking,
            providerMetadata: { anthropic: { signature: block.signature } },
          }
        : { type: 'reasoning', text: block.thinking };
    }
    case 'redacted_thinking':
      return {
        type: 'reasoning',
        text: '',
        providerMetadata: { anthropic: { redactedData: block.data } },
      };
    case 'image':
    case 'document':
      return readSource(block, index, path);
    default:
      throw failAt(
        index,
        `${path}.type`,
        'invalid-content',
        `unknown Anthropic block type ${describeValue(block.type, READER_WORDING)}`,
      );
  }
}

function readSource(
  block: Record<string, unknown>,
  index: number,
  path: string,
): FilePart {
  const source = block.source;
  const fallback = block.type === 'image' ? 'image/*' : 'application/pdf';
  if (isRecord(source)) {
    if (source.type === 'base64' && typeof source.data === 'string') {
      return {
        type: 'file',
        mediaType:
          typeof source.media_type === 'string' ? source.media_type : fallback,
        data: source.data,
      };
    }
    if (source.type === 'url' && typeof source.url === 'string') {
      return { type: 'file', mediaType: fallback, data: source.url };
    }
  }
  throw failAt(
    index,
    `${path}.source`,
    'invalid-content',
    'expected a base64 or url source',
  );
}

function readToolResult(
  block: Record<string, unknown>,
  index: number,
  path: string,
  previous: readonly Message[],
): ToolResultPart {
  if (typeof block.tool_use_id !== 'string') {
    throw failAt(
      index,
      `${path}.tool_use_id`,
      'invalid-content',
      `expected a string, got ${describeValue(block.tool_use_id, READER_WORDING)}`,
    );
  }
  return {
    type: 'tool-result',
    toolCallId: block.tool_use_id,
    toolName: findToolName(previous, block.tool_use_id),
    output: block.content ?? '',
    ...(block.is_error === true ? { isError: true } : {}),
  };
}
