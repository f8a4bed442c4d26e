import type {
  FilePart,
  Message,
  Part,
  ToolResultPart,
} from '../vocabulary/message/message';
import { getMessageText } from '../vocabulary/message/message-text';
import type {
  AiSdkFileForm,
  AiSdkPartMetadata,
} from './ai-sdk-message-metadata';
import { getAiSdkMetadata } from './ai-sdk-message-metadata';
import type {
  AiSdkFileData,
  AiSdkMessage,
  AiSdkProviderOptions,
  AiSdkSpecificationVersion,
  AiSdkToolResultOutput,
} from './ai-sdk-prompt';
import { isRecord } from '../vocabulary/util/is-record';
import { base64ToBytes, fromJsonSafe } from '../vocabulary/util/json-safe';
import { createPartEntryFinder } from './record-part-entries';

/** Options of `toAiSdkMessages`. */
export interface ToAiSdkMessagesOptions {
  /**
   * The prompt format for file parts that carry no recorded form (written by
   * ACM, or edited): `v3` writes the data string as it is (also right for
   * `ModelMessage`s of both majors), `v4` writes the tagged form
   * (`{ type: 'url', url }` for URLs, `{ type: 'data', data }` otherwise).
   * @default 'v3'
   */
  readonly specificationVersion?: AiSdkSpecificationVersion;
}

/**
 * Converts core messages to AI SDK prompt messages (the inverse of
 * `fromAiSdkMessages`). A message converted from the AI SDK comes back
 * exactly as it was; a message ACM wrote or edited comes back from its
 * content: text → `text`, reasoning → `reasoning` (its `providerMetadata` as
 * `providerOptions`), files → `file`, tool calls → `tool-call`, tool results
 * → `text` / `error-text` for string outputs and `json` / `error-json`
 * otherwise. Recorded part details apply only to the part they were recorded
 * for (same content; tool parts also by `toolCallId`), so stale metadata on
 * an edited message is never used. System messages get their text joined
 * into one string.
 */
export function toAiSdkMessages(
  messages: readonly Message[],
  options: ToAiSdkMessagesOptions = {},
): AiSdkMessage[] {
  return messages.map((message) => toAiSdkMessage(message, options));
}

/** Converts one core message (see {@link toAiSdkMessages}). */
export function toAiSdkMessage(
  message: Message,
  { specificationVersion = 'v3' }: ToAiSdkMessagesOptions = {},
): AiSdkMessage {
  const metadata = getAiSdkMetadata(message);
  const providerOptions = metadata?.providerOptions as
    AiSdkProviderOptions | undefined;
  const withOptions = providerOptions === undefined ? {} : { providerOptions };
  if (message.role === 'system') {
    return { role: 'system', content: getMessageText(message), ...withOptions };
  }

  const findEntry = createPartEntryFinder(metadata?.parts);
  const byToolCallId = new Map<string, AiSdkPartMetadata>();
  for (const entry of metadata?.parts ?? []) {
    if (entry.toolCallId !== undefined) {
      byToolCallId.set(toolKey(entry.output, entry.toolCallId), entry);
    }
  }
  const lookup = (part: Part): Found => ({
    exact: findEntry(part),
    tool:
      part.type === 'tool-call' || part.type === 'tool-result'
        ? byToolCallId.get(
            toolKey(
              part.type === 'tool-result' ? 'result' : undefined,
              part.toolCallId,
            ),
          )
        : undefined,
  });

  const content: unknown[] = message.content.map((part) =>
    toAiSdkPart(part, lookup(part), specificationVersion),
  );
  for (const { index, part } of metadata?.passthrough ?? []) {
    content.splice(Math.min(index, content.length), 0, fromJsonSafe(part));
  }

  if (
    metadata?.stringContent === true &&
    content.length === 1 &&
    isPlainText(content[0])
  ) {
    return {
      role: message.role,
      content: (content[0] as { text: string }).text,
      ...withOptions,
    };
  }
  return {
    role: message.role,
    content: content as Extract<AiSdkMessage, { role: 'user' }>['content'],
    ...withOptions,
  };
}

/** Tool calls and tool results (they have an output kind) with one id are recorded apart. */
function toolKey(output: unknown, toolCallId: string): string {
  return `${output === undefined ? 'call' : 'result'}:${toolCallId}`;
}

function isPlainText(part: unknown): boolean {
  return (
    part !== null &&
    typeof part === 'object' &&
    (part as { type?: unknown }).type === 'text' &&
    (part as { providerOptions?: unknown }).providerOptions === undefined
  );
}

interface Found {
  /** The entry recorded for exactly this part. */
  readonly exact: AiSdkPartMetadata | undefined;
  /** The entry recorded for a tool part with this `toolCallId` (possibly since edited). */
  readonly tool: AiSdkPartMetadata | undefined;
}

function options(value: Readonly<Record<string, unknown>> | undefined): {
  providerOptions?: AiSdkProviderOptions;
} {
  return value === undefined
    ? {}
    : { providerOptions: fromJsonSafe(value) as AiSdkProviderOptions };
}

function toAiSdkPart(
  part: Part,
  { exact, tool }: Found,
  specificationVersion: AiSdkSpecificationVersion,
): unknown {
  switch (part.type) {
    case 'text':
      return {
        type: 'text',
        text: part.text,
        ...options(exact?.providerOptions),
      };
    case 'reasoning':
      return {
        type: 'reasoning',
        text: part.text,
        ...(isRecord(part.providerMetadata)
          ? { providerOptions: fromJsonSafe(part.providerMetadata) }
          : {}),
      };
    case 'file':
      return toFilePart(part, exact, specificationVersion);
    case 'tool-call':
      return {
        type: 'tool-call',
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        input: part.input,
        ...(tool?.providerExecuted !== undefined
          ? { providerExecuted: tool.providerExecuted }
          : {}),
        ...options(tool?.providerOptions),
      };
    case 'tool-result':
      return {
        type: 'tool-result',
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        output: toOutput(part, exact),
        ...options(tool?.providerOptions),
      };
  }
}

function toOutput(
  part: ToolResultPart,
  entry: AiSdkPartMetadata | undefined,
): AiSdkToolResultOutput {
  const outputOptions = options(entry?.outputProviderOptions);
  switch (entry?.output) {
    case 'text':
    case 'error-text':
      if (typeof part.output === 'string') {
        return { type: entry.output, value: part.output, ...outputOptions };
      }
      break;
    case 'json':
    case 'error-json':
      return {
        type: entry.output,
        value: fromJsonSafe(part.output),
        ...outputOptions,
      };
    case 'execution-denied':
      return entry.noReason === true
        ? { type: 'execution-denied', ...outputOptions }
        : {
            type: 'execution-denied',
            reason: String(part.output),
            ...outputOptions,
          };
    case 'content':
      if (Array.isArray(part.output)) {
        return {
          type: 'content',
          value: fromJsonSafe(part.output) as unknown[],
          ...outputOptions,
        };
      }
      break;
    case undefined:
      break;
  }
  const isError = part.isError === true;
  return typeof part.output === 'string'
    ? { type: isError ? 'error-text' : 'text', value: part.output }
    : { type: isError ? 'error-json' : 'json', value: part.output };
}

function toFilePart(
  part: FilePart,
  entry: AiSdkPartMetadata | undefined,
  specificationVersion: AiSdkSpecificationVersion,
): unknown {
  const form: AiSdkFileForm =
    entry?.form ??
    (entry !== undefined || specificationVersion === 'v3'
      ? 'string'
      : isUrl(part.data)
        ? 'v4-url'
        : 'v4-data');
  const data = writeFileData(part.data, form);
  const filename =
    part.filename === undefined ? {} : { filename: part.filename };
  const providerOptions = options(entry?.providerOptions);
  if (entry?.partType === 'image') {
    return {
      type: 'image',
      image: data,
      ...(entry.noMediaType === true ? {} : { mediaType: part.mediaType }),
      ...providerOptions,
    };
  }
  if (entry?.partType === 'reasoning-file') {
    return {
      type: 'reasoning-file',
      data,
      mediaType: part.mediaType,
      ...providerOptions,
    };
  }
  return {
    type: 'file',
    data,
    mediaType: part.mediaType,
    ...filename,
    ...providerOptions,
  };
}

function writeFileData(data: string, form: AiSdkFileForm): AiSdkFileData {
  switch (form) {
    case 'string':
      return data;
    case 'bytes':
      return base64ToBytes(data);
    case 'array-buffer':
      return base64ToBytes(data).buffer as ArrayBuffer;
    case 'url':
      return new URL(data);
    case 'v4-data':
      return { type: 'data', data };
    case 'v4-data-bytes':
      return { type: 'data', data: base64ToBytes(data) };
    case 'v4-url':
      return { type: 'url', url: new URL(data) };
    case 'v4-reference':
      return {
        type: 'reference',
        reference: JSON.parse(data) as Record<string, string>,
      };
    case 'v4-text':
      return { type: 'text', text: data };
  }
}

function isUrl(data: string): boolean {
  return /^https?:/i.test(data);
}
