import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import { InvalidMessageError } from '../vocabulary/error/invalid-message-error';
import type { InvalidMessageReason } from '../vocabulary/error/invalid-message-error';
import type {
  Message,
  Part,
  ToolCallPart,
} from '../vocabulary/message/message';
import { describeValue } from '../vocabulary/util/describe-value';
import type { DescribeValueOptions } from '../vocabulary/util/describe-value';
import { isRecord } from '../vocabulary/util/is-record';

/** An `InvalidMessageError` for the input message at `index`, `path` inside it. */
export function failAt(
  index: number,
  path: string,
  reason: InvalidMessageReason,
  message: string,
): InvalidMessageError {
  return new InvalidMessageError({
    index,
    reason,
    path,
    message: path === '' ? message : `${path}: ${message}`,
  });
}

/**
 * How the format readers name a value in an error: strings in quotes, other
 * values by type (`expected a string, got number`).
 */
export const READER_WORDING: DescribeValueOptions = {
  string: 'quoted',
  scalar: 'type',
  other: 'type',
};

/**
 * Throws an `InvalidArgumentError` for the `messages` parameter unless it is
 * an array (`expected an array of ${description}, got …`).
 */
export function assertMessageArray(
  messages: unknown,
  description: string,
): asserts messages is readonly unknown[] {
  if (!Array.isArray(messages)) {
    throw new InvalidArgumentError({
      parameter: 'messages',
      value: messages,
      message: `expected an array of ${description}, got ${describeValue(messages, READER_WORDING)}`,
    });
  }
}

/**
 * Throws an `InvalidMessageError` for the input message at `index`, `path`
 * inside it, unless `value` is an object (`expected an object, got …`).
 */
export function assertRecordAt(
  value: unknown,
  index: number,
  path: string,
  reason: InvalidMessageReason,
): asserts value is Record<string, unknown> {
  if (!isRecord(value)) {
    throw failAt(
      index,
      path,
      reason,
      `expected an object, got ${describeValue(value, READER_WORDING)}`,
    );
  }
}

/** Tool-call arguments as JSON text: the parsed value, or the raw text when it is not JSON. */
export function parseToolArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Tool-call input as the argument text a provider sends. */
export function stringifyToolArguments(input: unknown): string {
  return typeof input === 'string' ? input : JSON.stringify(input ?? {});
}

/** The name of the latest tool call with `toolCallId` among `messages`, or `''`. */
export function findToolName(
  messages: readonly Message[],
  toolCallId: string,
): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    const call = messages[index]!.content.find(
      (part): part is ToolCallPart =>
        part.type === 'tool-call' && part.toolCallId === toolCallId,
    );
    if (call !== undefined) return call.toolName;
  }
  return '';
}

/** A core message; `name` and `metadata` only when given. */
export function buildMessage(
  id: string,
  role: Message['role'],
  content: Part[],
  extra: { name?: string; metadata?: Record<string, unknown> } = {},
): Message {
  return {
    id,
    role,
    ...(extra.name === undefined ? {} : { name: extra.name }),
    content,
    ...(extra.metadata === undefined ? {} : { metadata: extra.metadata }),
  };
}

/** Generates the id of the core message at output position `index`. */
export type GenerateMessageId = (index: number) => string;

export const defaultGenerateMessageId: GenerateMessageId = (index) =>
  `msg-${index}`;
