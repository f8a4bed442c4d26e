import { InvalidMessageError } from '../vocabulary/error/invalid-message-error';
import type { InvalidMessageReason } from '../vocabulary/error/invalid-message-error';
import type {
  Message,
  Part,
  ToolCallPart,
} from '../vocabulary/message/message';

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

/** A short description of a value's kind, for error messages. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `"${value}"` : typeof value;
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
