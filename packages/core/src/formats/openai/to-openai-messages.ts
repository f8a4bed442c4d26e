import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import type {
  FilePart,
  Message,
  ReasoningPart,
  Role,
  TextPart,
  ToolCallPart,
  ToolResultPart,
} from '../../vocabulary/message/message';
import { stringifyToolOutput } from '../../vocabulary/message/message-text';
import { getAudioFormat, stripDataUrl, toDataUrl } from './data-url';
import { getDefaultContentForm } from './default-content-form';
import type { OpenAIChatMessage } from './openai-chat-message';
import { getOpenAIMetadata } from './openai-message-metadata';
import type {
  OpenAIContentForm,
  OpenAIContentPartMetadata,
  OpenAIMessageMetadata,
  OpenAIToolCallMetadata,
} from './openai-message-metadata';
import { copyMissingFields, setOwn } from './own-record';

/**
 * - `'lossless'`: reproduces what `fromOpenAIMessages` read, exactly, with its
 *   extension fields (`id`, `reasoning_content` / `reasoning`, tool `name` and
 *   `is_error`, unknown fields). For storing and re-exporting traces.
 * - `'strict'`: only fields the OpenAI API documents, for sending to a server.
 *   Reasoning, ids, tool `name` / `is_error` and unknown fields are left out;
 *   `content` is always present (`null` only on assistant messages).
 */
export type OpenAIDialect = 'lossless' | 'strict';

export interface ToOpenAIMessagesOptions {
  /**
   * Which fields to write: everything (`'lossless'`) or only what the OpenAI
   * API documents (`'strict'`).
   * @default 'lossless'
   */
  dialect?: OpenAIDialect;
}

type Output = Record<string, unknown>;

/** Unknown fields that `'strict'` still writes, because OpenAI documents them. */
const strictAssistantFields = ['refusal', 'audio', 'function_call'];
const noFields: readonly string[] = [];

function fail(index: number, message: string): InvalidMessageError {
  return new InvalidMessageError({ index, reason: 'invalid-content', message });
}

/**
 * Converts core messages into OpenAI chat-completions messages: the inverse of
 * `fromOpenAIMessages`, which it reproduces exactly in the lossless dialect.
 *
 * Messages without `metadata.openai` (written by ACM or an adapter) convert by
 * default rules: text parts join into a string `content` (with `\n`), file
 * parts make an array `content`, an assistant message with only tool calls has
 * `content: null`, tool-call inputs are written with `JSON.stringify`, a tool
 * output that is not a string is written as JSON, and a tool message with
 * several tool-result parts becomes one OpenAI tool message per part.
 *
 * @throws {InvalidArgumentError} for a dialect it does not know.
 * @throws {InvalidMessageError} (`invalid-content`, with the index of the core
 * message) for a part OpenAI cannot carry in that role: files outside user
 * messages, tool calls outside assistant messages, tool results outside tool
 * messages, reasoning outside assistant messages, or a tool message without a
 * tool result.
 */
export function toOpenAIMessages(
  messages: readonly Message[],
  options: ToOpenAIMessagesOptions = {},
): OpenAIChatMessage[] {
  const { dialect = 'lossless' } = options;
  if (dialect !== 'lossless' && dialect !== 'strict') {
    throw new InvalidArgumentError({
      parameter: 'dialect',
      value: dialect,
      message: "expected 'lossless' or 'strict'",
    });
  }
  const lossless = dialect === 'lossless';
  const output: OpenAIChatMessage[] = [];
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    const metadata = getOpenAIMetadata(message);
    switch (message.role) {
      case 'system':
      case 'user':
        output.push(writeSystemOrUser(message, index, metadata, lossless));
        break;
      case 'assistant':
        output.push(writeAssistant(message, index, metadata, lossless));
        break;
      case 'tool':
        writeTool(message, index, metadata, lossless, output);
        break;
    }
  }
  return output;
}

function finish(
  target: Output,
  message: Message,
  metadata: OpenAIMessageMetadata | undefined,
  lossless: boolean,
  strictFields: readonly string[],
): OpenAIChatMessage {
  if (metadata !== undefined) {
    if (lossless && metadata.id === true) target.id = message.id;
    const extra = metadata.extra;
    if (extra !== undefined) {
      if (lossless) {
        copyMissingFields(target, extra);
      } else {
        for (const key of strictFields) {
          if (
            Object.prototype.hasOwnProperty.call(extra, key) &&
            !(key in target)
          ) {
            target[key] = extra[key];
          }
        }
      }
    }
  }
  return target as unknown as OpenAIChatMessage;
}

function writeSystemOrUser(
  message: Message,
  index: number,
  metadata: OpenAIMessageMetadata | undefined,
  lossless: boolean,
): OpenAIChatMessage {
  const role = message.role;
  const target: Output = {
    role:
      role === 'system' && metadata?.role === 'developer' ? 'developer' : role,
  };
  const contentParts: (TextPart | FilePart)[] = [];
  let hasFiles = false;
  for (const part of message.content) {
    if (part.type === 'text') {
      contentParts.push(part);
    } else if (part.type === 'file' && role === 'user') {
      contentParts.push(part);
      hasFiles = true;
    } else {
      throw fail(index, `a ${role} message cannot carry a ${part.type} part`);
    }
  }
  writeContent(target, role, contentParts, hasFiles, false, metadata, lossless);
  if (message.name !== undefined) target.name = message.name;
  return finish(target, message, metadata, lossless, noFields);
}

function writeAssistant(
  message: Message,
  index: number,
  metadata: OpenAIMessageMetadata | undefined,
  lossless: boolean,
): OpenAIChatMessage {
  const target: Output = { role: 'assistant' };
  const reasoningParts: ReasoningPart[] = [];
  const contentParts: TextPart[] = [];
  const toolCallParts: ToolCallPart[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
        contentParts.push(part);
        break;
      case 'reasoning':
        reasoningParts.push(part);
        break;
      case 'tool-call':
        toolCallParts.push(part);
        break;
      case 'file':
      case 'tool-result':
        throw fail(
          index,
          `an assistant message cannot carry a ${part.type} part`,
        );
    }
  }
  writeContent(
    target,
    'assistant',
    contentParts,
    false,
    toolCallParts.length > 0,
    metadata,
    lossless,
  );
  if (message.name !== undefined) target.name = message.name;

  if (lossless) {
    for (let position = 0; position < reasoningParts.length; position++) {
      const field = metadata?.reasoning?.[position] ?? 'reasoning_content';
      const text = reasoningParts[position]!.text;
      const previous = target[field];
      target[field] =
        typeof previous === 'string' ? `${previous}\n${text}` : text;
    }
  }

  if (
    lossless &&
    metadata?.functionCall === true &&
    toolCallParts.length === 1
  ) {
    // The legacy shape it was read from: `function_call`, no id.
    const entry = metadata.toolCalls?.[0];
    const call = writeToolCall(
      toolCallParts[0]!,
      index,
      entry != null && entry.id === toolCallParts[0]!.toolCallId
        ? entry
        : undefined,
      lossless,
    );
    target.function_call = call.function;
  } else if (toolCallParts.length > 0) {
    const entries = metadata?.toolCalls;
    target.tool_calls = toolCallParts.map((part, position) => {
      const entry = entries?.[position];
      return writeToolCall(
        part,
        index,
        entry != null && entry.id === part.toolCallId ? entry : undefined,
        lossless,
      );
    });
  } else if (lossless && metadata?.emptyToolCalls === true) {
    target.tool_calls = [];
  }
  return finish(target, message, metadata, lossless, strictAssistantFields);
}

function writeToolCall(
  part: ToolCallPart,
  index: number,
  entry: OpenAIToolCallMetadata | undefined,
  lossless: boolean,
): Output {
  let argumentsText: string;
  if (entry?.invalidArguments === true && typeof part.input === 'string') {
    argumentsText = part.input;
  } else if (
    entry?.arguments !== undefined &&
    argumentsMatch(entry.arguments, part.input)
  ) {
    argumentsText = entry.arguments;
  } else {
    try {
      argumentsText =
        JSON.stringify(part.input === undefined ? {} : part.input) ?? '{}';
    } catch (error) {
      throw new InvalidMessageError({
        index,
        reason: 'invalid-tool-arguments',
        message: `the input of tool call "${part.toolCallId}" cannot be written as JSON`,
        cause: error,
      });
    }
  }
  const functionValue: Output = {
    name: part.toolName,
    arguments: argumentsText,
  };
  const call: Output =
    lossless && entry?.missingType === true
      ? { id: part.toolCallId, function: functionValue }
      : { id: part.toolCallId, type: 'function', function: functionValue };
  if (lossless && entry !== undefined) {
    if (entry.functionExtra !== undefined)
      copyMissingFields(functionValue, entry.functionExtra);
    if (entry.extra !== undefined) copyMissingFields(call, entry.extra);
  }
  return call;
}

/** Whether a recorded raw arguments text still stands for `input` (the part may have been edited). */
function argumentsMatch(raw: string, input: unknown): boolean {
  if (raw.trim() === '') return JSON.stringify(input) === '{}';
  try {
    return JSON.stringify(JSON.parse(raw)) === JSON.stringify(input);
  } catch {
    return false;
  }
}

function writeTool(
  message: Message,
  index: number,
  metadata: OpenAIMessageMetadata | undefined,
  lossless: boolean,
  output: OpenAIChatMessage[],
): void {
  const results: ToolResultPart[] = [];
  for (const part of message.content) {
    if (part.type !== 'tool-result') {
      throw fail(index, `a tool message cannot carry a ${part.type} part`);
    }
    results.push(part);
  }
  if (results.length === 0)
    throw fail(index, 'a tool message needs a tool-result part');
  // Metadata describes one OpenAI tool message: it applies to a single result only.
  const entry = results.length === 1 ? metadata : undefined;
  for (const result of results) {
    const target: Output = { role: 'tool', tool_call_id: result.toolCallId };
    const text = stringifyToolOutput(result.output);
    let form: OpenAIContentForm = entry?.content ?? 'string';
    if ((form === 'null' || form === 'missing') && (text !== '' || !lossless))
      form = 'string';
    switch (form) {
      case 'missing':
        break;
      case 'null':
        target.content = null;
        break;
      case 'string':
        target.content = text;
        break;
      case 'parts':
        target.content = splitToolText(text, entry?.parts, lossless);
        break;
    }
    if (lossless) {
      if (entry?.toolName !== 'from-call') target.name = result.toolName;
      if (result.isError !== undefined) target.is_error = result.isError;
      if (entry?.role === 'function') {
        // The legacy shape it was read from: no call id.
        target.role = 'function';
        delete target.tool_call_id;
      }
    }
    output.push(finish(target, message, entry, lossless, noFields));
  }
}

function splitToolText(
  text: string,
  entries: readonly (OpenAIContentPartMetadata | null)[] | undefined,
  lossless: boolean,
): Output[] {
  if (entries !== undefined && entries.length !== 1) {
    let total = 0;
    for (const entry of entries) total += entry?.length ?? Number.NaN;
    if (total === text.length) {
      const parts: Output[] = [];
      let start = 0;
      for (const entry of entries) {
        const end = start + entry!.length!;
        parts.push(textPart(text.slice(start, end), entry, lossless));
        start = end;
      }
      return parts;
    }
  }
  return [textPart(text, entries?.[0], lossless)];
}

function textPart(
  text: string,
  entry: OpenAIContentPartMetadata | null | undefined,
  lossless: boolean,
): Output {
  const part: Output = { type: 'text', text };
  if (lossless && entry?.extra !== undefined)
    copyMissingFields(part, entry.extra);
  return part;
}

function writeContent(
  target: Output,
  role: Role,
  contentParts: readonly (TextPart | FilePart)[],
  hasFiles: boolean,
  hasToolCalls: boolean,
  metadata: OpenAIMessageMetadata | undefined,
  lossless: boolean,
): void {
  let form = getDefaultContentForm({
    role,
    hasText: contentParts.length > 0,
    hasFiles,
    hasToolCalls,
  });
  const recorded = metadata?.content;
  if (recorded === 'parts') {
    form = 'parts';
  } else if (recorded === 'string') {
    if (!hasFiles) form = 'string';
  } else if (recorded === 'null' || recorded === 'missing') {
    if (contentParts.length === 0) form = recorded;
  }
  if (
    !lossless &&
    (form === 'missing' || (form === 'null' && role !== 'assistant'))
  ) {
    form = role === 'assistant' ? 'null' : 'string';
  }

  switch (form) {
    case 'missing':
      return;
    case 'null':
      target.content = null;
      return;
    case 'string': {
      let text = '';
      for (let position = 0; position < contentParts.length; position++) {
        const part = contentParts[position] as TextPart;
        text = position === 0 ? part.text : `${text}\n${part.text}`;
      }
      target.content = text;
      return;
    }
    case 'parts': {
      const entries = metadata?.parts;
      target.content = contentParts.map((part, position) =>
        part.type === 'text'
          ? writeTextPart(part, entries?.[position], lossless)
          : writeFilePart(part, entries?.[position], lossless),
      );
      return;
    }
  }
}

function writeTextPart(
  part: TextPart,
  entry: OpenAIContentPartMetadata | null | undefined,
  lossless: boolean,
): Output {
  const kind = entry?.kind;
  if (kind !== undefined && kind !== 'refusal')
    return textPart(part.text, undefined, lossless);
  const output: Output =
    kind === 'refusal'
      ? { type: 'refusal', refusal: part.text }
      : { type: 'text', text: part.text };
  if (lossless && entry?.extra !== undefined)
    copyMissingFields(output, entry.extra);
  return output;
}

function pickFields(
  source: Readonly<Record<string, unknown>> | undefined,
  lossless: boolean,
  strictFields: readonly string[],
): Output {
  const target: Output = {};
  if (source === undefined) return target;
  for (const key of Object.keys(source)) {
    if (lossless || strictFields.includes(key))
      setOwn(target, key, source[key]);
  }
  return target;
}

function writeFilePart(
  part: FilePart,
  entry: OpenAIContentPartMetadata | null | undefined,
  lossless: boolean,
): Output {
  const recordedKind = entry?.kind === 'refusal' ? undefined : entry?.kind;
  const recorded = recordedKind !== undefined ? entry! : undefined;
  const audioFormat = getAudioFormat(part.mediaType);
  const kind =
    recordedKind ??
    (part.mediaType.startsWith('image/')
      ? 'image_url'
      : audioFormat !== undefined
        ? 'input_audio'
        : 'file');

  let output: Output;
  switch (kind) {
    case 'image_url': {
      const image = pickFields(recorded?.inner, lossless, ['detail']);
      image.url =
        recorded !== undefined
          ? part.data
          : toDataUrl(part.data, part.mediaType);
      output = { type: 'image_url', image_url: image };
      break;
    }
    case 'input_audio': {
      const audio = pickFields(recorded?.inner, lossless, noFields);
      audio.data = recorded !== undefined ? part.data : stripDataUrl(part.data);
      audio.format = recorded?.format ?? audioFormat ?? part.mediaType;
      output = { type: 'input_audio', input_audio: audio };
      break;
    }
    case 'file': {
      const file = pickFields(recorded?.inner, lossless, [
        'file_id',
        'file_data',
        'filename',
      ]);
      if (recorded?.source === 'file_id') {
        file.file_id = part.data;
      } else {
        file.file_data =
          recorded !== undefined
            ? part.data
            : toDataUrl(part.data, part.mediaType);
      }
      if (part.filename !== undefined) file.filename = part.filename;
      output = { type: 'file', file };
      break;
    }
  }
  if (lossless && recorded?.extra !== undefined)
    copyMissingFields(output, recorded.extra);
  return output;
}
