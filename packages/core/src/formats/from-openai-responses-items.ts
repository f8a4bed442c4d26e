import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import type {
  FilePart,
  Message,
  Part,
  TextPart,
} from '../vocabulary/message/message';
import { isRecord } from '../vocabulary/util/is-record';
import { describeValue } from '../vocabulary/util/describe-value';
import {
  assertRecordAt,
  buildMessage,
  defaultGenerateMessageId,
  READER_WORDING,
  failAt,
  findToolName,
  parseToolArguments,
} from './format-reading';
import type { GenerateMessageId } from './format-reading';

/** Options of `fromOpenAIResponsesItems`. */
export interface FromOpenAIResponsesItemsOptions {
  /**
   * The request's `instructions`: it becomes the first core message (`system`).
   * @default undefined
   */
  readonly instructions?: unknown;
  /**
   * Id of the core message at output position `index`.
   * @default (index) => `msg-${index}`
   */
  readonly generateId?: GenerateMessageId;
}

type Mutable<T> = { -readonly [Key in keyof T]: T[Key] };

/**
 * Converts OpenAI Responses API input items (a request's `input`: a string
 * or an item list, such as earlier `output` items fed back) into core
 * messages.
 *
 * - `message` items (with or without `type`, `EasyInputMessage` included):
 *   `system` / `developer` → `system`, `user`, `assistant`; `input_text`,
 *   `output_text` and `refusal` → text; `input_image` / `input_file` → files;
 * - the items of one model response, `reasoning` (its summary text; `id` and
 *   `encrypted_content` in `providerMetadata.openai`), an assistant
 *   `message` and `function_call`s, in that order, make one assistant
 *   message. A reasoning item or an assistant message item after text or
 *   calls starts the next one. (Items carry no response boundary: an
 *   assistant text message directly followed by calls reads as one message,
 *   as the API produced it.)
 * - `function_call` → a tool-call part (`arguments` parsed; kept raw when not
 *   JSON); `function_call_output` → a `tool` message (tool name from the
 *   call).
 *
 * @throws {InvalidMessageError} naming the input index and the path inside it
 * for an item that is not an object, an unknown item or content type, or a
 * role Responses does not have.
 */
export function fromOpenAIResponsesItems(
  items: string | readonly unknown[],
  options: FromOpenAIResponsesItemsOptions = {},
): Message[] {
  const { instructions, generateId = defaultGenerateMessageId } = options;
  const list: readonly unknown[] =
    typeof items === 'string' ? [{ role: 'user', content: items }] : items;
  if (!Array.isArray(list)) {
    throw new InvalidArgumentError({
      parameter: 'items',
      value: items,
      message: `expected a string or an array of Responses input items, got ${describeValue(items, READER_WORDING)}`,
    });
  }
  const result: Mutable<Message>[] = [];
  /** The assistant message the current response's items go to. */
  let open: { message: Mutable<Message>; parts: Part[] } | undefined;
  const push = (role: Message['role'], parts: Part[]): void => {
    const message = buildMessage(generateId(result.length), role, parts);
    result.push(message);
  };
  const assistant = (
    startsNew: (parts: readonly Part[]) => boolean,
  ): Part[] => {
    if (open === undefined || startsNew(open.parts)) {
      const parts: Part[] = [];
      push('assistant', parts);
      open = { message: result[result.length - 1]!, parts };
    }
    return open.parts;
  };
  if (instructions !== undefined) {
    if (typeof instructions !== 'string') {
      throw failAt(
        0,
        'instructions',
        'invalid-content',
        `expected a string, got ${describeValue(instructions, READER_WORDING)}`,
      );
    }
    push('system', [{ type: 'text', text: instructions }]);
  }

  list.forEach((item: unknown, index) => {
    if (!isRecord(item)) {
      throw failAt(
        index,
        '',
        'invalid-shape',
        `expected an item object, got ${describeValue(item, READER_WORDING)}`,
      );
    }
    const type = item.type ?? (item.role === undefined ? undefined : 'message');
    switch (type) {
      case 'message': {
        const role = item.role;
        const parts = readContent(item.content, index);
        if (role === 'assistant') {
          assistant((current) =>
            current.some((part) => part.type !== 'reasoning'),
          ).push(...parts);
          return;
        }
        open = undefined;
        if (role === 'user') push('user', parts);
        else if (role === 'system' || role === 'developer')
          push('system', parts);
        else {
          throw failAt(
            index,
            'role',
            'unknown-role',
            `expected "user", "assistant", "system" or "developer", got ${describeValue(role, READER_WORDING)}`,
          );
        }
        return;
      }
      case 'reasoning': {
        assistant((current) => current.length > 0).push(
          readReasoning(item, index),
        );
        return;
      }
      case 'function_call': {
        if (
          typeof item.call_id !== 'string' ||
          typeof item.name !== 'string' ||
          typeof item.arguments !== 'string'
        ) {
          throw failAt(
            index,
            '',
            'invalid-content',
            'a function_call item needs string call_id, name and arguments',
          );
        }
        assistant(() => false).push({
          type: 'tool-call',
          toolCallId: item.call_id,
          toolName: item.name,
          input: parseToolArguments(item.arguments),
        });
        return;
      }
      case 'function_call_output': {
        if (typeof item.call_id !== 'string') {
          throw failAt(
            index,
            'call_id',
            'invalid-content',
            `expected a string, got ${describeValue(item.call_id, READER_WORDING)}`,
          );
        }
        open = undefined;
        push('tool', [
          {
            type: 'tool-result',
            toolCallId: item.call_id,
            toolName: findToolName(result, item.call_id),
            output: item.output ?? '',
          },
        ]);
        return;
      }
      case undefined:
      default:
        throw failAt(
          index,
          'type',
          'invalid-content',
          `unknown Responses item type ${describeValue(type, READER_WORDING)}`,
        );
    }
  });
  return result;
}

function readReasoning(item: Record<string, unknown>, index: number): Part {
  const summary = Array.isArray(item.summary) ? item.summary : [];
  const texts = summary.map((entry: unknown, position) => {
    if (!isRecord(entry) || typeof entry.text !== 'string') {
      throw failAt(
        index,
        `summary[${position}]`,
        'invalid-content',
        'expected a summary_text object',
      );
    }
    return entry.text;
  });
  const openai: Record<string, unknown> = {};
  if (typeof item.id === 'string') openai.itemId = item.id;
  if (typeof item.encrypted_content === 'string') {
    openai.encryptedContent = item.encrypted_content;
  }
  return Object.keys(openai).length === 0
    ? { type: 'reasoning', text: texts.join('\n\n') }
    : {
        type: 'reasoning',
        text: texts.join('\n\n'),
        providerMetadata: { openai },
      };
}

function readContent(content: unknown, index: number): (TextPart | FilePart)[] {
  if (typeof content === 'string') {
    return content === '' ? [] : [{ type: 'text', text: content }];
  }
  if (!Array.isArray(content)) {
    throw failAt(
      index,
      'content',
      'invalid-content',
      `expected a string or an array of content parts, got ${describeValue(content, READER_WORDING)}`,
    );
  }
  return content.map((part: unknown, position) => {
    const path = `content[${position}]`;
    assertRecordAt(part, index, path, 'invalid-content');
    switch (part.type) {
      case 'input_text':
      case 'output_text':
        if (typeof part.text === 'string') {
          return { type: 'text', text: part.text };
        }
        break;
      case 'refusal':
        if (typeof part.refusal === 'string') {
          return { type: 'text', text: part.refusal };
        }
        break;
      case 'input_image': {
        const data = part.image_url ?? part.file_id;
        if (typeof data === 'string') {
          return { type: 'file', mediaType: 'image/*', data };
        }
        break;
      }
      case 'input_file': {
        const data = part.file_data ?? part.file_url ?? part.file_id;
        if (typeof data === 'string') {
          const match = /^data:([^;,]+)[;,]/.exec(data);
          return {
            type: 'file',
            mediaType: match?.[1] ?? 'application/octet-stream',
            data,
            ...(typeof part.filename === 'string'
              ? { filename: part.filename }
              : {}),
          };
        }
        break;
      }
      default:
        throw failAt(
          index,
          `${path}.type`,
          'invalid-content',
          `unknown Responses content type ${describeValue(part.type, READER_WORDING)}`,
        );
    }
    throw failAt(
      index,
      path,
      'invalid-content',
      `a ${String(part.type)} part without its data`,
    );
  });
}
