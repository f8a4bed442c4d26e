import type {
  Message,
  Part,
  Role,
  ToolCallPart,
} from '../vocabulary/message/message';
import { isRecord } from '../vocabulary/util/is-record';
import { describeValue } from '../vocabulary/util/describe-value';
import {
  assertMessageArray,
  buildMessage,
  READER_WORDING,
  failAt,
  findToolName,
  parseToolArguments,
} from './format-reading';
import type { GenerateMessageId } from './format-reading';

/** Options of `fromLangChainSerializedMessages`. */
export interface FromLangChainSerializedMessagesOptions {
  /**
   * Id of the core message made from the input message at `index`, when that
   * message has no `id`.
   * @default (index) => `lc-${index}` (as `@acm/langchain`)
   */
  readonly generateId?: GenerateMessageId;
}

/** The `type` of a stored message (`toDict()`) for each constructor class name. */
const CLASS_TYPES: Readonly<Record<string, string>> = {
  HumanMessage: 'human',
  AIMessage: 'ai',
  SystemMessage: 'system',
  ToolMessage: 'tool',
  ChatMessage: 'chat',
  FunctionMessage: 'function',
  RemoveMessage: 'remove',
};

const TYPE_ROLES: Readonly<Record<string, Role>> = {
  human: 'user',
  user: 'user',
  ai: 'assistant',
  assistant: 'assistant',
  system: 'system',
  developer: 'system',
  tool: 'tool',
};

/**
 * Reads serialized LangChain messages into core messages, without importing
 * LangChain: stored messages (`message.toDict()`,
 * `mapChatMessagesToStoredMessages`: `{ type, data }`) and the `lc`
 * constructor JSON (`JSON.stringify(message)`: `{ lc: 1, type:
 * 'constructor', id: [..., 'HumanMessage'], kwargs }`), Python's included.
 * `@acm/langchain`'s `fromLangChainMessages` converts live message objects;
 * this reader gives the same roles, names and parts and drops LangChain-only
 * fields (`additional_kwargs`, `response_metadata`, usage).
 *
 * - `human` → user, `ai` → assistant, `system` → system, `tool` → tool
 *   (`status: 'error'` → `isError`; tool name from `name` or the call),
 *   `chat` / `generic` by their `role`;
 * - string content → one text part (`''` → none); `text`, `reasoning`,
 *   `thinking` and `image_url` blocks → text, reasoning and file parts; a
 *   `tool_use` block is dropped when `tool_calls` holds the call; other
 *   blocks → a text part with their JSON;
 * - `tool_calls` (or OpenAI-style `additional_kwargs.tool_calls` of older
 *   versions) → tool-call parts after the content.
 * @throws {InvalidMessageError} naming the index and path for a value that
 * is neither shape, or a message type core has no role for (`function`,
 * `remove`).
 */
export function fromLangChainSerializedMessages(
  messages: readonly unknown[],
  options: FromLangChainSerializedMessagesOptions = {},
): Message[] {
  const { generateId = (index: number) => `lc-${index}` } = options;
  assertMessageArray(messages, 'serialized LangChain messages');
  const result: Message[] = [];
  messages.forEach((input: unknown, index) => {
    const { type, data, path } = unwrap(input, index);
    const roleSource = type === 'chat' || type === 'generic' ? data.role : type;
    const role =
      typeof roleSource === 'string' ? TYPE_ROLES[roleSource] : undefined;
    if (role === undefined) {
      throw failAt(
        index,
        type === 'chat' || type === 'generic' ? `${path}.role` : 'type',
        'unknown-role',
        `core has no role for LangChain message type ${describeValue(type === 'chat' || type === 'generic' ? roleSource : type, READER_WORDING)}`,
      );
    }
    const id =
      typeof data.id === 'string' && data.id !== ''
        ? data.id
        : generateId(index);
    const name = typeof data.name === 'string' ? data.name : undefined;
    if (role === 'tool') {
      if (typeof data.tool_call_id !== 'string') {
        throw failAt(
          index,
          `${path}.tool_call_id`,
          'invalid-tool-message',
          `expected a string, got ${describeValue(data.tool_call_id, READER_WORDING)}`,
        );
      }
      result.push(
        buildMessage(id, 'tool', [
          {
            type: 'tool-result',
            toolCallId: data.tool_call_id,
            toolName: name ?? findToolName(result, data.tool_call_id),
            output: data.content ?? '',
            ...(data.status === 'error' ? { isError: true } : {}),
          },
        ]),
      );
      return;
    }
    const calls = role === 'assistant' ? readToolCalls(data, index, path) : [];
    const content = readContent(data.content, index, `${path}.content`, calls);
    result.push(
      buildMessage(id, role, [...content, ...calls], {
        ...(name === undefined ? {} : { name }),
      }),
    );
  });
  return result;
}

function unwrap(
  input: unknown,
  index: number,
): { type: string; data: Record<string, unknown>; path: string } {
  if (isRecord(input)) {
    if (
      input.lc === 1 &&
      input.type === 'constructor' &&
      Array.isArray(input.id) &&
      isRecord(input.kwargs)
    ) {
      const className = String(input.id[input.id.length - 1]).replace(
        /Chunk$/,
        '',
      );
      return {
        type: CLASS_TYPES[className] ?? className,
        data: input.kwargs,
        path: 'kwargs',
      };
    }
    if (typeof input.type === 'string' && isRecord(input.data)) {
      return { type: input.type, data: input.data, path: 'data' };
    }
  }
  throw failAt(
    index,
    '',
    'invalid-shape',
    `expected a stored message { type, data } or lc constructor JSON { lc: 1, type: "constructor", id, kwargs }, got ${describeValue(input, READER_WORDING)}`,
  );
}

function readToolCalls(
  data: Record<string, unknown>,
  index: number,
  path: string,
): ToolCallPart[] {
  if (Array.isArray(data.tool_calls)) {
    return data.tool_calls.map((call: unknown, position) => {
      if (
        !isRecord(call) ||
        typeof call.id !== 'string' ||
        typeof call.name !== 'string'
      ) {
        throw failAt(
          index,
          `${path}.tool_calls[${position}]`,
          'invalid-content',
          'expected { id, name, args } with string id and name',
        );
      }
      return {
        type: 'tool-call',
        toolCallId: call.id,
        toolName: call.name,
        input: call.args ?? {},
      };
    });
  }
  const kwargs = data.additional_kwargs;
  if (isRecord(kwargs) && Array.isArray(kwargs.tool_calls)) {
    return kwargs.tool_calls.map((call: unknown, position) => {
      const fn = isRecord(call) ? call.function : undefined;
      if (
        !isRecord(call) ||
        typeof call.id !== 'string' ||
        !isRecord(fn) ||
        typeof fn.name !== 'string'
      ) {
        throw failAt(
          index,
          `${path}.additional_kwargs.tool_calls[${position}]`,
          'invalid-content',
          'expected an OpenAI tool call { id, function: { name, arguments } }',
        );
      }
      return {
        type: 'tool-call',
        toolCallId: call.id,
        toolName: fn.name,
        input:
          typeof fn.arguments === 'string'
            ? parseToolArguments(fn.arguments)
            : (fn.arguments ?? {}),
      };
    });
  }
  return [];
}

function readContent(
  content: unknown,
  index: number,
  path: string,
  calls: readonly ToolCallPart[],
): Part[] {
  if (content === undefined || content === null) return [];
  if (typeof content === 'string') {
    return content === '' ? [] : [{ type: 'text', text: content }];
  }
  if (!Array.isArray(content)) {
    throw failAt(
      index,
      path,
      'invalid-content',
      `expected a string or content blocks, got ${describeValue(content, READER_WORDING)}`,
    );
  }
  const parts: Part[] = [];
  content.forEach((block: unknown) => {
    if (typeof block === 'string') {
      parts.push({ type: 'text', text: block });
      return;
    }
    if (!isRecord(block)) {
      parts.push({ type: 'text', text: JSON.stringify(block) });
      return;
    }
    if (block.type === 'text' && typeof block.text === 'string') {
      parts.push({ type: 'text', text: block.text });
    } else if (
      block.type === 'reasoning' &&
      typeof block.reasoning === 'string'
    ) {
      parts.push({ type: 'reasoning', text: block.reasoning });
    } else if (
      block.type === 'thinking' &&
      typeof block.thinking === 'string'
    ) {
      parts.push({ type: 'reasoning', text: block.thinking });
    } else if (block.type === 'image_url') {
      const url = isRecord(block.image_url)
        ? block.image_url.url
        : block.image_url;
      if (typeof url === 'string') {
        parts.push({ type: 'file', mediaType: 'image/*', data: url });
      } else {
        parts.push({ type: 'text', text: JSON.stringify(block) });
      }
    } else if (
      (block.type === 'tool_use' || block.type === 'tool_call') &&
      calls.some((call) => call.toolCallId === block.id)
    ) {
      // The provider's copy of a call `tool_calls` already holds.
    } else {
      parts.push({ type: 'text', text: JSON.stringify(block) });
    }
  });
  return parts;
}
