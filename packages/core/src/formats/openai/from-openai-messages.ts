import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import type { InvalidMessageReason } from '../../vocabulary/error/invalid-message-error';
import type {
  FilePart,
  Message,
  Part,
  ReasoningPart,
  Role,
  TextPart,
  ToolCallPart,
  ToolResultPart,
} from '../../vocabulary/message/message';
import { getAudioMediaType, getDataUrlMediaType } from './data-url';
import { getDefaultContentForm } from './default-content-form';
import type {
  OpenAIContentForm,
  OpenAIContentPartMetadata,
  OpenAIMessageMetadata,
  OpenAIReasoningField,
  OpenAIToolCallMetadata,
} from './openai-message-metadata';
import { isRecord, setOwn } from './own-record';

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

type Mutable<T> = { -readonly [Key in keyof T]: T[Key] };
type MessageMetadata = Mutable<OpenAIMessageMetadata>;
type ContentPartMetadata = Mutable<OpenAIContentPartMetadata>;
type ToolCallMetadata = Mutable<OpenAIToolCallMetadata>;

/** Which content part types a role accepts in an array `content`. */
type ContentDialect = 'text' | 'assistant' | 'user';

interface ReadContent {
  readonly form: OpenAIContentForm;
  readonly parts: (TextPart | FilePart)[];
  readonly partMetadata: (OpenAIContentPartMetadata | null)[] | undefined;
  readonly hasFiles: boolean;
}

interface CallRecord {
  readonly name: string;
  readonly index: number;
  answeredAt: number;
}

const defaultGenerateId = (index: number): string => `msg-${index}`;

function fail(
  index: number,
  reason: InvalidMessageReason,
  message: string,
): InvalidMessageError {
  return new InvalidMessageError({ index, reason, message });
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `"${value}"` : typeof value;
}

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
 * are not JSON, or content of the wrong shape (`invalid-content`).
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
      message: `expected an array of OpenAI chat messages, got ${describe(messages)}`,
    });
  }
  const result: Message[] = [];
  const messageIds = new Set<string>();
  const calls = new Map<string, CallRecord>();

  for (let index = 0; index < messages.length; index++) {
    const input: unknown = messages[index];
    if (!isRecord(input)) {
      throw fail(
        index,
        'invalid-shape',
        `expected an object, got ${describe(input)}`,
      );
    }
    const role = input.role;
    if (typeof role !== 'string') {
      throw fail(
        index,
        'invalid-shape',
        `expected a string role, got ${describe(role)}`,
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

    let message: Message;
    switch (role) {
      case 'system':
      case 'developer':
      case 'user':
        message = readSystemOrUserMessage(input, index, id, role);
        break;
      case 'assistant':
        message = readAssistantMessage(
          input,
          index,
          id,
          calls,
          invalidToolArguments,
        );
        break;
      case 'tool':
        message = readToolMessage(input, index, id, calls, orphanToolResults);
        break;
      case 'function':
        message = readFunctionMessage(
          input,
          index,
          id,
          calls,
          orphanToolResults,
        );
        break;
      default:
        throw fail(index, 'unknown-role', `unknown role "${role}"`);
    }
    result.push(message);
  }
  return result;
}

/**
 * Builds a message; `metadata` is set only when there is something to keep.
 * An own string `id` of `input` is recorded (`metadata.openai.id`) so that the
 * lossless dialect writes it back.
 */
function buildMessage(
  input: Record<string, unknown>,
  id: string,
  role: Role,
  name: string | undefined,
  content: Part[],
  metadata: MessageMetadata | undefined,
): Message {
  const kept =
    typeof input.id === 'string' ? { ...metadata, id: true } : metadata;
  const message: Mutable<Message> = { id, role, content };
  if (name !== undefined) message.name = name;
  if (kept !== undefined) message.metadata = { openai: kept };
  return message;
}

/**
 * Reads the fields of `input` other than `role`, `content` and a string `id`
 * (which `buildMessage` records): `take` consumes the fields its message reads and
 * returns `true` for them; every other field is kept in `metadata.extra`, in
 * input order.
 */
function readFields(
  input: Record<string, unknown>,
  take: (key: string, value: unknown) => boolean,
  metadata?: MessageMetadata,
): MessageMetadata | undefined {
  let target = metadata;
  for (const key of Object.keys(input)) {
    const value = input[key];
    if (key === 'role' || key === 'content') continue;
    if (key === 'id' && typeof value === 'string') continue;
    if (take(key, value)) continue;
    target ??= {};
    const extra = (target.extra ?? {}) as Record<string, unknown>;
    setOwn(extra, key, value);
    target.extra = extra;
  }
  return target;
}

/** `system` and `developer` messages become `system` messages; `user` messages may carry files. */
function readSystemOrUserMessage(
  input: Record<string, unknown>,
  index: number,
  id: string,
  role: 'system' | 'developer' | 'user',
): Message {
  const coreRole = role === 'user' ? 'user' : 'system';
  let name: string | undefined;
  let metadata = readFields(
    input,
    (key, value) => {
      if (key !== 'name' || typeof value !== 'string') return false;
      name = value;
      return true;
    },
    role === 'developer' ? { role: 'developer' } : undefined,
  );
  const content = readContent(input, index, role === 'user' ? 'user' : 'text');
  metadata = recordContent(metadata, content, coreRole, false);
  return buildMessage(input, id, coreRole, name, content.parts, metadata);
}

function readAssistantMessage(
  input: Record<string, unknown>,
  index: number,
  id: string,
  calls: Map<string, CallRecord>,
  invalidToolArguments: 'error' | 'keep-raw',
): Message {
  let name: string | undefined;
  const reasoningParts: ReasoningPart[] = [];
  let reasoningFields: OpenAIReasoningField[] | undefined;
  let toolCallsValue: readonly unknown[] | undefined;
  let functionCallValue: Record<string, unknown> | undefined;

  let metadata = readFields(input, (key, value) => {
    switch (key) {
      case 'name':
        if (typeof value !== 'string') return false;
        name = value;
        return true;
      case 'reasoning_content':
      case 'reasoning':
        if (typeof value !== 'string') return false;
        if (key === 'reasoning' || reasoningFields !== undefined) {
          reasoningFields ??= reasoningParts.map(
            () => 'reasoning_content' as const,
          );
          reasoningFields.push(key);
        }
        reasoningParts.push({ type: 'reasoning', text: value });
        return true;
      case 'function_call':
        if (!isRecord(value)) return false;
        functionCallValue = value;
        return true;
      case 'tool_calls':
        if (Array.isArray(value)) {
          toolCallsValue = value;
          return true;
        }
        if (value !== null) {
          throw fail(
            index,
            'invalid-content',
            `tool_calls must be an array, got ${describe(value)}`,
          );
        }
        return false;
      default:
        return false;
    }
  });

  if (functionCallValue !== undefined) {
    if (toolCallsValue !== undefined) {
      throw fail(
        index,
        'invalid-content',
        'an assistant message cannot carry both tool_calls and the legacy function_call',
      );
    }
    // The legacy shape: one call without an id. It becomes a tool call whose
    // id is made up from the message id; the writer puts it back.
    toolCallsValue = [
      {
        id: `${id}-function-call`,
        type: 'function',
        function: functionCallValue,
      },
    ];
    metadata = { ...metadata, functionCall: true };
  }

  const content = readContent(input, index, 'assistant');
  const toolCallParts: ToolCallPart[] = [];
  if (toolCallsValue !== undefined) {
    if (toolCallsValue.length === 0) {
      metadata = { ...metadata, emptyToolCalls: true };
    } else {
      let toolCallMetadata: (ToolCallMetadata | null)[] | undefined;
      for (let position = 0; position < toolCallsValue.length; position++) {
        const { part, entry } = readToolCall(
          toolCallsValue[position],
          index,
          position,
          calls,
          invalidToolArguments,
        );
        toolCallParts.push(part);
        toolCallMetadata = pushSparse(toolCallMetadata, entry, position);
      }
      if (toolCallMetadata !== undefined) {
        metadata = { ...metadata, toolCalls: toolCallMetadata };
      }
    }
  }

  metadata = recordContent(
    metadata,
    content,
    'assistant',
    toolCallParts.length > 0,
  );
  if (reasoningFields !== undefined)
    metadata = { ...metadata, reasoning: reasoningFields };

  const parts: Part[] =
    reasoningParts.length === 0 && toolCallParts.length === 0
      ? content.parts
      : [...reasoningParts, ...content.parts, ...toolCallParts];
  return buildMessage(input, id, 'assistant', name, parts, metadata);
}

function readToolCall(
  value: unknown,
  index: number,
  position: number,
  calls: Map<string, CallRecord>,
  invalidToolArguments: 'error' | 'keep-raw',
): { part: ToolCallPart; entry: ToolCallMetadata | null } {
  const where = `tool_calls[${position}]`;
  if (!isRecord(value)) {
    throw fail(
      index,
      'invalid-content',
      `${where} must be an object, got ${describe(value)}`,
    );
  }
  const toolCallId = value.id;
  if (typeof toolCallId !== 'string') {
    throw fail(
      index,
      'invalid-content',
      `${where}.id must be a string, got ${describe(toolCallId)}`,
    );
  }
  const type = value.type;
  if (type !== undefined && type !== 'function') {
    throw fail(
      index,
      'invalid-content',
      `${where}.type must be "function", got ${describe(type)}`,
    );
  }
  const functionValue = value.function;
  if (!isRecord(functionValue)) {
    throw fail(
      index,
      'invalid-content',
      `${where}.function must be an object, got ${describe(functionValue)}`,
    );
  }
  const toolName = functionValue.name;
  if (typeof toolName !== 'string') {
    throw fail(
      index,
      'invalid-content',
      `${where}.function.name must be a string, got ${describe(toolName)}`,
    );
  }
  const raw = functionValue.arguments;
  if (typeof raw !== 'string') {
    throw fail(
      index,
      'invalid-tool-arguments',
      `${where}.function.arguments must be a JSON string, got ${describe(raw)}`,
    );
  }

  const earlier = calls.get(toolCallId);
  if (earlier !== undefined && earlier.answeredAt < 0) {
    throw fail(
      index,
      'duplicate-tool-call-id',
      earlier.index === index
        ? `tool call id "${toolCallId}" is used twice in this message`
        : `tool call id "${toolCallId}" is reused while its call at index ${earlier.index} has no result yet`,
    );
  }
  calls.set(toolCallId, { name: toolName, index, answeredAt: -1 });

  let entry: ToolCallMetadata | null = null;
  let input: unknown;
  try {
    // Providers send `""` for a tool without arguments: no arguments at all.
    input = raw.trim() === '' ? {} : JSON.parse(raw);
    if (JSON.stringify(input) !== raw)
      entry = { id: toolCallId, arguments: raw };
  } catch (error) {
    if (invalidToolArguments === 'error') {
      throw new InvalidMessageError({
        index,
        reason: 'invalid-tool-arguments',
        message: `${where}.function.arguments of "${toolName}" is not JSON`,
        cause: error,
      });
    }
    input = raw;
    entry = { id: toolCallId, invalidArguments: true };
  }

  if (type === undefined) {
    entry ??= { id: toolCallId };
    entry.missingType = true;
  }
  const extra = collectExtra(value, ['id', 'type', 'function']);
  if (extra !== undefined) {
    entry ??= { id: toolCallId };
    entry.extra = extra;
  }
  const functionExtra = collectExtra(functionValue, ['name', 'arguments']);
  if (functionExtra !== undefined) {
    entry ??= { id: toolCallId };
    entry.functionExtra = functionExtra;
  }

  return { part: { type: 'tool-call', toolCallId, toolName, input }, entry };
}

function readToolMessage(
  input: Record<string, unknown>,
  index: number,
  id: string,
  calls: Map<string, CallRecord>,
  orphanToolResults: 'error' | 'keep',
): Message {
  const toolCallId = input.tool_call_id;
  if (typeof toolCallId !== 'string') {
    throw fail(
      index,
      'invalid-shape',
      `tool_call_id must be a string, got ${describe(toolCallId)}`,
    );
  }
  let toolName: string | undefined;
  let isError: boolean | undefined;
  let metadata = readFields(input, (key, value) => {
    if (key === 'tool_call_id') return true;
    if (key === 'name' && typeof value === 'string') toolName = value;
    else if (key === 'is_error' && typeof value === 'boolean') isError = value;
    else return false;
    return true;
  });

  const call = calls.get(toolCallId);
  if (call === undefined) {
    if (orphanToolResults === 'error') {
      throw fail(
        index,
        'orphan-tool-result',
        `no earlier assistant message calls tool call id "${toolCallId}"`,
      );
    }
  } else if (call.answeredAt >= 0) {
    throw fail(
      index,
      'duplicate-tool-call-id',
      `tool call "${toolCallId}" (index ${call.index}) already has its result at index ${call.answeredAt}`,
    );
  } else {
    call.answeredAt = index;
  }
  if (toolName === undefined) {
    toolName = call?.name ?? '';
    metadata = { ...metadata, toolName: 'from-call' };
  }

  const content = readContent(input, index, 'text');
  let output = '';
  let partMetadata = content.partMetadata;
  if (content.parts.length === 1) {
    output = (content.parts[0] as TextPart).text;
  } else if (content.form === 'parts') {
    // Lengths split the joined output back into its parts (none: `[]`).
    const lengths: ContentPartMetadata[] = [];
    for (let position = 0; position < content.parts.length; position++) {
      const text = (content.parts[position] as TextPart).text;
      output += text;
      lengths.push({ ...partMetadata?.[position], length: text.length });
    }
    partMetadata = lengths;
  }
  // Tool content is text only, so the default form is a string (as the
  // default writer writes a tool output).
  metadata = recordContent(
    metadata,
    { ...content, partMetadata },
    'tool',
    false,
  );

  const part: Mutable<ToolResultPart> = {
    type: 'tool-result',
    toolCallId,
    toolName,
    output,
  };
  if (isError !== undefined) part.isError = isError;
  return buildMessage(input, id, 'tool', undefined, [part], metadata);
}

/**
 * A legacy `role: 'function'` result: `{ role: 'function', name, content }`,
 * without a call id. It answers the latest call of that name still waiting
 * for its result and becomes a `tool` message (`metadata.openai.role:
 * 'function'`, so the lossless writer puts the legacy shape back).
 */
function readFunctionMessage(
  input: Record<string, unknown>,
  index: number,
  id: string,
  calls: Map<string, CallRecord>,
  orphanToolResults: 'error' | 'keep',
): Message {
  const name = input.name;
  if (typeof name !== 'string') {
    throw fail(
      index,
      'invalid-shape',
      `a function message needs a string name, got ${describe(name)}`,
    );
  }
  let callId: string | undefined;
  for (const [candidate, call] of calls) {
    if (call.name === name && call.answeredAt < 0) callId = candidate;
  }
  const toolCallId = callId ?? `${id}-function-result`;
  const { role: _role, ...rest } = input;
  const message = readToolMessage(
    { role: 'tool', tool_call_id: toolCallId, ...rest },
    index,
    id,
    calls,
    orphanToolResults,
  );
  const openai = (message.metadata?.openai ?? {}) as MessageMetadata;
  return {
    ...message,
    metadata: { ...message.metadata, openai: { ...openai, role: 'function' } },
  };
}

/** Records the content form (when the default writer would differ) and the part metadata. */
function recordContent(
  metadata: MessageMetadata | undefined,
  content: ReadContent,
  role: Role,
  hasToolCalls: boolean,
): MessageMetadata | undefined {
  const defaultForm = getDefaultContentForm({
    role,
    hasText: content.parts.length > 0,
    hasFiles: content.hasFiles,
    hasToolCalls,
  });
  let target = metadata;
  if (content.form !== defaultForm)
    target = { ...target, content: content.form };
  if (content.partMetadata !== undefined)
    target = { ...target, parts: content.partMetadata };
  return target;
}

function readContent(
  input: Record<string, unknown>,
  index: number,
  dialect: ContentDialect,
): ReadContent {
  const textOnly = (
    form: OpenAIContentForm,
    parts: TextPart[] = [],
  ): ReadContent => ({ form, parts, partMetadata: undefined, hasFiles: false });
  if (!Object.prototype.hasOwnProperty.call(input, 'content')) {
    return textOnly('missing');
  }
  const value = input.content;
  if (typeof value === 'string') {
    return textOnly(
      'string',
      value === '' ? [] : [{ type: 'text', text: value }],
    );
  }
  if (value === null) return textOnly('null');
  if (!Array.isArray(value)) {
    throw fail(
      index,
      'invalid-content',
      `content must be a string, null or an array, got ${describe(value)}`,
    );
  }
  if (value.length === 0) return textOnly('parts');
  const parts: (TextPart | FilePart)[] = [];
  let partMetadata: (OpenAIContentPartMetadata | null)[] | undefined;
  let hasFiles = false;
  for (let position = 0; position < value.length; position++) {
    const { part, entry } = readContentPart(
      value[position],
      index,
      position,
      dialect,
    );
    parts.push(part);
    if (part.type === 'file') hasFiles = true;
    partMetadata = pushSparse(partMetadata, entry, position);
  }
  return { form: 'parts', parts, partMetadata, hasFiles };
}

/**
 * Appends `entry` at `position` of a metadata list that stays `undefined`
 * while every entry is `null` (the `null`s before the first entry are filled
 * in when it comes).
 */
function pushSparse<Entry>(
  list: (Entry | null)[] | undefined,
  entry: Entry | null,
  position: number,
): (Entry | null)[] | undefined {
  if (entry === null) {
    list?.push(null);
    return list;
  }
  const filled = list ?? Array.from({ length: position }, () => null);
  filled.push(entry);
  return filled;
}

function collectExtra(
  source: Record<string, unknown>,
  known: readonly string[],
): Record<string, unknown> | undefined {
  let extra: Record<string, unknown> | undefined;
  for (const key of Object.keys(source)) {
    if (known.includes(key)) continue;
    extra ??= {};
    setOwn(extra, key, source[key]);
  }
  return extra;
}

function readContentPart(
  value: unknown,
  index: number,
  position: number,
  dialect: ContentDialect,
): { part: TextPart | FilePart; entry: ContentPartMetadata | null } {
  const where = `content[${position}]`;
  if (!isRecord(value)) {
    throw fail(
      index,
      'invalid-content',
      `${where} must be an object, got ${describe(value)}`,
    );
  }
  const type = value.type;
  const payloadKey = typeof type === 'string' ? type : '';
  const payload = value[payloadKey];
  const allowed =
    type === 'text' ||
    (type === 'refusal' && dialect === 'assistant') ||
    ((type === 'image_url' || type === 'input_audio' || type === 'file') &&
      dialect === 'user');
  if (!allowed) {
    throw fail(
      index,
      'invalid-content',
      `${where} has a type this message cannot carry: ${describe(type)}`,
    );
  }

  const extra = collectExtra(value, ['type', payloadKey]);
  switch (type) {
    case 'text':
    case 'refusal': {
      if (typeof payload !== 'string') {
        throw fail(
          index,
          'invalid-content',
          `${where}.${payloadKey} must be a string, got ${describe(payload)}`,
        );
      }
      const entry: ContentPartMetadata | null =
        type === 'refusal'
          ? { kind: 'refusal' }
          : extra !== undefined
            ? {}
            : null;
      if (entry !== null && extra !== undefined) entry.extra = extra;
      return { part: { type: 'text', text: payload }, entry };
    }
    case 'image_url': {
      if (!isRecord(payload) || typeof payload.url !== 'string') {
        throw fail(
          index,
          'invalid-content',
          `${where}.image_url.url must be a string`,
        );
      }
      const url = payload.url;
      const entry: ContentPartMetadata = { kind: 'image_url' };
      const inner = collectExtra(payload, ['url']);
      if (inner !== undefined) entry.inner = inner;
      if (extra !== undefined) entry.extra = extra;
      return {
        part: {
          type: 'file',
          mediaType: getDataUrlMediaType(url) ?? 'image/*',
          data: url,
        },
        entry,
      };
    }
    case 'input_audio': {
      if (
        !isRecord(payload) ||
        typeof payload.data !== 'string' ||
        typeof payload.format !== 'string'
      ) {
        throw fail(
          index,
          'invalid-content',
          `${where}.input_audio must have string data and format`,
        );
      }
      const entry: ContentPartMetadata = {
        kind: 'input_audio',
        format: payload.format,
      };
      const inner = collectExtra(payload, ['data', 'format']);
      if (inner !== undefined) entry.inner = inner;
      if (extra !== undefined) entry.extra = extra;
      return {
        part: {
          type: 'file',
          mediaType: getAudioMediaType(payload.format),
          data: payload.data,
        },
        entry,
      };
    }
    case 'file': {
      if (!isRecord(payload)) {
        throw fail(
          index,
          'invalid-content',
          `${where}.file must be an object, got ${describe(payload)}`,
        );
      }
      const fileData = payload.file_data;
      const fileId = payload.file_id;
      const source =
        typeof fileData === 'string'
          ? 'file_data'
          : typeof fileId === 'string'
            ? 'file_id'
            : undefined;
      if (source === undefined) {
        throw fail(
          index,
          'invalid-content',
          `${where}.file needs a string file_data or file_id`,
        );
      }
      const data = (source === 'file_data' ? fileData : fileId) as string;
      const filename =
        typeof payload.filename === 'string' ? payload.filename : undefined;
      const entry: ContentPartMetadata = { kind: 'file', source };
      const inner = collectExtra(
        payload,
        filename === undefined ? [source] : [source, 'filename'],
      );
      if (inner !== undefined) entry.inner = inner;
      if (extra !== undefined) entry.extra = extra;
      const mediaType =
        (source === 'file_data' ? getDataUrlMediaType(data) : undefined) ??
        'application/octet-stream';
      const part: Mutable<FilePart> = { type: 'file', mediaType, data };
      if (filename !== undefined) part.filename = filename;
      return { part, entry };
    }
  }
}
