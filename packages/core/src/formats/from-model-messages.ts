import { InvalidArgumentError } from '../error/invalid-argument-error';
import type { Message, Part, ToolResultPart } from '../message/message';
import { isRecord } from '../openai/own-record';
import {
  buildMessage,
  defaultGenerateMessageId,
  describeValue,
  failAt,
} from './format-reading';
import type { GenerateMessageId } from './format-reading';

export interface FromModelMessagesOptions {
  /**
   * Id of the core message made from the input message at `index`.
   * @default (index) => `msg-${index}`
   */
  readonly generateId?: GenerateMessageId;
}

/** The text a tool result holds for an `execution-denied` output without a reason (as `@acm/ai-sdk`). */
const EXECUTION_DENIED_TEXT = 'Tool execution denied.';

/**
 * Reads AI SDK `ModelMessage`s (`ai` 6 or 7, as JSON: a saved `messages`
 * array or a logged prompt) into core messages, without importing `ai`.
 * `@acm/ai-sdk`'s `fromAiSdkMessages` is the lossless converter for live
 * messages; this reader keeps what core models and drops provider options
 * (except on reasoning parts, kept as `providerMetadata`).
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
  if (!Array.isArray(messages)) {
    throw new InvalidArgumentError({
      parameter: 'messages',
      value: messages,
      message: `expected an array of AI SDK model messages, got ${describeValue(messages)}`,
    });
  }
  return messages.map((input: unknown, index) => {
    if (!isRecord(input)) {
      throw failAt(
        index,
        '',
        'invalid-shape',
        `expected an object, got ${describeValue(input)}`,
      );
    }
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
        `expected "system", "user", "assistant" or "tool", got ${describeValue(role)}`,
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
        `expected a string or an array of parts, got ${describeValue(content)}`,
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
  if (!isRecord(part)) {
    throw failAt(
      index,
      path,
      'invalid-content',
      `expected an object, got ${describeValue(part)}`,
    );
  }
  const need = (key: string): string => {
    const value = part[key];
    if (typeof value === 'string') return value;
    throw failAt(
      index,
      `${path}.${key}`,
      'invalid-content',
      `expected a string, got ${describeValue(value)}`,
    );
  };
  switch (part.type) {
    case 'text':
      return { type: 'text', text: need('text') };
    case 'reasoning':
      return part.providerOptions === undefined
        ? { type: 'reasoning', text: need('text') }
        : {
            type: 'reasoning',
            text: need('text'),
            providerMetadata: part.providerOptions,
          };
    case 'tool-call':
      return {
        type: 'tool-call',
        toolCallId: need('toolCallId'),
        toolName: need('toolName'),
        input: part.input ?? part.args ?? {},
      };
    case 'tool-result':
      return readToolResult(part, need('toolCallId'), need('toolName'));
    case 'image':
    case 'file': {
      const data = part.type === 'image' ? part.image : part.data;
      const mediaType = part.mediaType ?? part.mimeType;
      const text =
        typeof data === 'string'
          ? data
          : isRecord(data) && typeof data.href === 'string'
            ? data.href
            : undefined;
      if (text === undefined) {
        throw failAt(
          index,
          `${path}.${part.type === 'image' ? 'image' : 'data'}`,
          'invalid-content',
          'expected a base64 string or a URL',
        );
      }
      return {
        type: 'file',
        mediaType:
          typeof mediaType === 'string'
            ? mediaType
            : part.type === 'image'
              ? 'image/*'
              : 'application/octet-stream',
        data: text,
        ...(typeof part.filename === 'string'
          ? { filename: part.filename }
          : {}),
      };
    }
    case 'tool-approval-request':
    case 'tool-approval-response':
      return undefined;
    default:
      throw failAt(
        index,
        `${path}.type`,
        'invalid-content',
        `unknown AI SDK part type ${describeValue(part.type)}`,
      );
  }
}

function readToolResult(
  part: Record<string, unknown>,
  toolCallId: string,
  toolName: string,
): ToolResultPart {
  const base = { type: 'tool-result' as const, toolCallId, toolName };
  const output = part.output;
  if (!isRecord(output)) {
    return {
      ...base,
      output: part.result ?? output ?? '',
      ...(part.isError === true ? { isError: true } : {}),
    };
  }
  switch (output.type) {
    case 'text':
    case 'json':
    case 'content':
      return { ...base, output: output.value };
    case 'error-text':
    case 'error-json':
      return { ...base, output: output.value, isError: true };
    case 'execution-denied':
      return {
        ...base,
        output:
          typeof output.reason === 'string'
            ? output.reason
            : EXECUTION_DENIED_TEXT,
        isError: true,
      };
    default:
      return { ...base, output };
  }
}
