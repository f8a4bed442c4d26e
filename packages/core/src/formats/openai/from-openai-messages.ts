import { AcmError } from '../../vocabulary/error/acm-error';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import { describeError } from '../../vocabulary/util/describe-error';
import type { Message } from '../../vocabulary/message/message';
import { describeValue } from '../../vocabulary/util/describe-value';
import { isRecord } from '../../vocabulary/util/is-record';
import { OPENAI_READER_WORDING, fail } from './openai-reading';
import type { CallRecord } from './openai-reading';
import { readOpenAIAssistantMessage } from './read-openai-assistant-message';
import { readOpenAIFunctionMessage } from './read-openai-function-message';
import { readOpenAISystemOrUserMessage } from './read-openai-system-or-user-message';
import { readOpenAIToolMessage } from './read-openai-tool-message';

export interface FromOpenAIMessagesOptions {
  /**
   * Id of the core message made from the input message at `index`. Used only
   * when that input message has no `id` string field (whose value is used
   * instead, and written back by the lossless dialect).
   * @default (index) => `msg-${index}`
   */
  generateId?: (index: number) => string;
  /**
   * Tool-call `arguments` that are not JSON text:
   * - `'error'`: throw an `InvalidMessageError` (`invalid-tool-arguments`).
   * - `'keep-raw'`: the tool-call part's `input` is the raw string, and its
   *   `metadata.openai.toolCalls` entry has `invalidArguments: true`.
   *
   * Arguments that are not a string at all are always an error.
   * @default 'error'
   */
  invalidToolArguments?: 'error' | 'keep-raw';
  /**
   * A tool message whose `tool_call_id` no earlier assistant tool call has:
   * - `'error'`: throw an `InvalidMessageError` (`orphan-tool-result`).
   * - `'keep'`: convert it like any other tool message. Its tool name is its
   *   `name` field, or `''` when it has none (written back without a name).
   *   The result stays unpaired: ACM's pairing rules do not hold for it, so use
   *   this to inspect or re-export traces, not to feed a memory.
   * @default 'error'
   */
  orphanToolResults?: 'error' | 'keep';
}

const defaultGenerateId = (index: number): string => `msg-${index}`;

/**
 * Converts OpenAI chat-completions messages into core messages, losslessly:
 * `toOpenAIMessages(fromOpenAIMessages(messages))` deep-equals `messages`.
 *
 * - `system` and `developer` become `system` messages (`developer` is recorded
 *   in `metadata.openai.role`).
 * - Assistant `reasoning_content` / `reasoning` strings become reasoning parts,
 *   then come the content's text parts, then one tool-call part per
 *   `tool_calls` entry with its arguments parsed (the raw text is kept when
 *   `JSON.stringify(input)` differs from it).
 * - Each tool message becomes a `tool` message with one tool-result part. Its
 *   tool name is the message's `name`, or the matching call's name. The
 *   extension field `is_error: true` becomes `isError: true`.
 * - `image_url`, `input_audio` and `file` parts become file parts whose `data`
 *   is the URL, the base64 audio, the file data URL or the file id.
 * - Whatever only OpenAI needs (key presence, `null` vs `''`, raw arguments,
 *   unknown fields) goes under `metadata.openai` (see `OpenAIMessageMetadata`).
 *
 * A tool call id may be reused once its earlier call has its result (recorded
 * traces do this); results answer the latest call with their id.
 *
 * @throws {InvalidArgumentError} for an option value it does not know.
 * @throws {InvalidMessageError} naming the input index and the reason, for a
 * message that is not an object or has no role (`invalid-shape`), an unknown
 * role, duplicate message ids, a tool call id reused in one message or while
 * its earlier call still waits for its result, or a second result for one call
 * (`duplicate-tool-call-id`), a tool result without a call, tool arguments that
 * are not JSON, content of the wrong shape (`invalid-content`, also for a
 * `system`, `developer` or `user` message without content or with `null`), or
 * a message that cannot be read (a getter that throws: `invalid-shape`, the
 * thrown value as `cause`).
 */
export function fromOpenAIMessages(
  messages: readonly unknown[],
  options: FromOpenAIMessagesOptions = {},
): Message[] {
  const {
    generateId = defaultGenerateId,
    invalidToolArguments = 'error',
    orphanToolResults = 'error',
  } = options;
  if (invalidToolArguments !== 'error' && invalidToolArguments !== 'keep-raw') {
    throw new InvalidArgumentError({
      parameter: 'invalidToolArguments',
      value: invalidToolArguments,
      message: "expected 'error' or 'keep-raw'",
    });
  }
  if (orphanToolResults !== 'error' && orphanToolResults !== 'keep') {
    throw new InvalidArgumentError({
      parameter: 'orphanToolResults',
      value: orphanToolResults,
      message: "expected 'error' or 'keep'",
    });
  }
  if (!Array.isArray(messages)) {
    throw new InvalidArgumentError({
      parameter: 'messages',
      value: messages,
      message: `expected an array of OpenAI chat messages, got ${describeValue(messages, OPENAI_READER_WORDING)}`,
    });
  }
  const result: Message[] = [];
  const messageIds = new Set<string>();
  const calls = new Map<string, CallRecord>();

  for (let index = 0; index < messages.length; index++) {
    try {
      result.push(
        readOpenAIMessage(messages[index], index, {
          generateId,
          invalidToolArguments,
          orphanToolResults,
          messageIds,
          calls,
        }),
      );
    } catch (error) {
      // A getter or proxy that throws must still end in a typed error.
      if (AcmError.isInstance(error)) throw error;
      throw new InvalidMessageError({
        index,
        reason: 'invalid-shape',
        message: `the message could not be read: ${describeError(error)}`,
        cause: error,
      });
    }
  }
  return result;
}

/** Reads the input message at `index` into a core message. */
function readOpenAIMessage(
  input: unknown,
  index: number,
  {
    generateId,
    invalidToolArguments,
    orphanToolResults,
    messageIds,
    calls,
  }: {
    readonly generateId: (index: number) => string;
    readonly invalidToolArguments: 'error' | 'keep-raw';
    readonly orphanToolResults: 'error' | 'keep';
    /** The ids used so far; `id` is added. */
    readonly messageIds: Set<string>;
    /** The tool calls made so far; the message's calls are added. */
    readonly calls: Map<string, CallRecord>;
  },
): Message {
  if (!isRecord(input)) {
    throw fail(
      index,
      'invalid-shape',
      `expected an object, got ${describeValue(input, OPENAI_READER_WORDING)}`,
    );
  }
  const role = input.role;
  if (typeof role !== 'string') {
    throw fail(
      index,
      'invalid-shape',
      `expected a string role, got ${describeValue(role, OPENAI_READER_WORDING)}`,
    );
  }

  const hasOwnId = typeof input.id === 'string';
  const id = hasOwnId ? (input.id as string) : generateId(index);
  if (messageIds.has(id)) {
    throw fail(
      index,
      'duplicate-message-id',
      `message id "${id}" is used twice`,
    );
  }
  messageIds.add(id);

  switch (role) {
    case 'system':
    case 'developer':
    case 'user':
      return readOpenAISystemOrUserMessage(input, index, id, role);
    case 'assistant':
      return readOpenAIAssistantMessage(
        input,
        index,
        id,
        calls,
        invalidToolArguments,
      );
    case 'tool':
      return readOpenAIToolMessage(input, index, id, calls, orphanToolResults);
    case 'function':
      return readOpenAIFunctionMessage(
        input,
        index,
        id,
        calls,
        orphanToolResults,
      );
    default:
      throw fail(index, 'unknown-role', `unknown role "${role}"`);
  }
}
