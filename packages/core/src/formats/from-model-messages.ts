import type { Message, Part } from '../vocabulary/message/message';
import { isRecord } from '../vocabulary/util/is-record';
import { describeValue } from '../vocabulary/util/describe-value';
import {
  assertMessageArray,
  assertRecordAt,
  buildMessage,
  defaultGenerateMessageId,
  READER_WORDING,
  failAt,
} from './format-reading';
import type { GenerateMessageId } from './format-reading';
import { convertPart } from './from-ai-sdk-messages';

/** Options of `fromModelMessages`. */
export interface FromModelMessagesOptions {
  /**
   * Id of the core message made from the input message at `index`.
   * @default (index) => `msg-${index}`
   */
  readonly generateId?: GenerateMessageId;
}

/**
 * Reads AI SDK `ModelMessage`s (`ai` 6 or 7, as JSON: a saved `messages`
 * array or a logged prompt) into core messages, without importing `ai`.
 * It validates and reads older shapes, then maps parts exactly as
 * `fromAiSdkMessages` (the lossless converter) does; it keeps what core
 * models and drops provider options (except on reasoning parts, kept as
 * `providerMetadata`).
 *
 * - string content → one text part (`''` → none);
 * - `text`, `reasoning`, `tool-call` (`input`, or `args` of older versions),
 *   `file` and `image` parts (URLs and base64 strings);
 * - `tool-result` outputs: `text` / `json` → the value; `error-text` /
 *   `error-json` → the value with `isError`; `execution-denied` → its reason
 *   with `isError`; `content` → the item array; an older `result` → as is;
 * - tool approval parts are dropped (they are not content).
 * @throws {InvalidMessageError} naming the index and path for an unknown role
 * or part type, or a part of the wrong shape.
 */
export function fromModelMessages(
  messages: readonly unknown[],
  options: FromModelMessagesOptions = {},
): Message[] {
  const { generateId = defaultGenerateMessageId } = options;
  assertMessageArray(messages, 'AI SDK model messages');
  return messages.map((input: unknown, index) => {
    assertRecordAt(input, index, '', 'invalid-shape');
    const role = input.role;
    if (
      role !== 'system' &&
      role !== 'user' &&
      role !== 'assistant' &&
      role !== 'tool'
    ) {
      throw failAt(
        index,
        'role',
        'unknown-role',
        `expected "system", "user", "assistant" or "tool", got ${describeValue(role, READER_WORDING)}`,
      );
    }
    const content = input.content;
    let parts: Part[];
    if (typeof content === 'string') {
      parts = content === '' ? [] : [{ type: 'text', text: content }];
    } else if (Array.isArray(content)) {
      parts = [];
      content.forEach((part: unknown, position) => {
        const converted = readPart(part, index, `content[${position}]`);
        if (converted !== undefined) parts.push(converted);
      });
    } else {
      throw failAt(
        index,
        'content',
        'invalid-content',
        `expected a string or an array of parts, got ${describeValue(content, READER_WORDING)}`,
      );
    }
    return buildMessage(generateId(index), role, parts, {
      ...(typeof input.name === 'string' ? { name: input.name } : {}),
    });
  });
}

function readPart(
  part: unknown,
  index: number,
  path: string,
): Part | undefined {
  assertRecordAt(part, index, path, 'invalid-content');
  const need = (key: string): string => {
    const value = part[key];
    if (typeof value === 'string') return value;
    throw failAt(
      index,
      `${path}.${key}`,
      'invalid-content',
      `expected a string, got ${describeValue(value, READER_WORDING)}`,
    );
  };
  // Validated and brought to the current shape, then read by the one AI SDK
  // mapping (`convertPart` of `fromAiSdkMessages`); its metadata is dropped.
  let current: Record<string, unknown> = part;
  switch (part.type) {
    case 'text':
    case 'reasoning':
      need('text');
      break;
    case 'tool-call':
      need('toolCallId');
      need('toolName');
      current = { ...part, input: part.input ?? part.args ?? {} };
      break;
    case 'tool-result':
      need('toolCallId');
      need('toolName');
      current = { ...part, output: readOutput(part) };
      break;
    case 'image':
    case 'file': {
      const key = part.type === 'image' ? 'image' : 'data';
      const data = part[key];
      const text =
        typeof data === 'string'
          ? data
          : isRecord(data) && typeof data.href === 'string'
            ? data.href
            : undefined;
      if (text === undefined) {
        throw failAt(
          index,
          `${path}.${key}`,
          'invalid-content',
          'expected a base64 string or a URL',
        );
      }
      const mediaType = part.mediaType ?? part.mimeType;
      current = {
        ...part,
        [key]: text,
        // An image of unknown type stays `image`, as the mapping reads it.
        mediaType:
          typeof mediaType === 'string'
            ? mediaType
            : part.type === 'image'
              ? undefined
              : 'application/octet-stream',
      };
      break;
    }
    case 'tool-approval-request':
    case 'tool-approval-response':
      return undefined;
    default:
      throw failAt(
        index,
        `${path}.type`,
        'invalid-content',
        `unknown AI SDK part type ${describeValue(part.type, READER_WORDING)}`,
      );
  }
  return convertPart(current)?.part;
}

/** A tool result's output in the current shape (older `result` fields and loose values as JSON). */
function readOutput(part: Record<string, unknown>): Record<string, unknown> {
  const output = part.output;
  if (!isRecord(output)) {
    return {
      type: part.isError === true ? 'error-json' : 'json',
      value: part.result ?? output ?? '',
    };
  }
  switch (output.type) {
    case 'text':
    case 'error-text':
      return typeof output.value === 'string'
        ? output
        : { ...output, type: output.type === 'text' ? 'json' : 'error-json' };
    case 'content':
      return Array.isArray(output.value) ? output : { ...output, type: 'json' };
    case 'json':
    case 'error-json':
    case 'execution-denied':
      return output;
    default:
      return { type: 'json', value: output };
  }
}
