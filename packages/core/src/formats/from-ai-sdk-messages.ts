import type { FilePart, Message, Part } from '../vocabulary/message/message';
import type {
  AiSdkFileForm,
  AiSdkPartMetadata,
  AiSdkPassthroughPart,
} from './ai-sdk-message-metadata';
import { AI_SDK_METADATA_KEY } from './ai-sdk-message-metadata';
import type {
  AiSdkFileData,
  AiSdkMessage,
  AiSdkToolResultOutput,
} from './ai-sdk-prompt';
import { bytesToBase64, toJsonSafe } from '../vocabulary/util/json-safe';
import { recordPartEntries } from './record-part-entries';

/** The text a core tool result holds for an `execution-denied` output without a reason. */
export const EXECUTION_DENIED_TEXT = 'Tool execution denied.';

/** Options of `fromAiSdkMessages`. */
export interface FromAiSdkMessagesOptions {
  /**
   * The id of the core message made from `message` at `index`.
   * @default (message, index) => `msg-${index}`
   */
  readonly generateId?: (message: AiSdkMessage, index: number) => string;
}

/**
 * Converts AI SDK messages (a `LanguageModelV3Prompt` / `LanguageModelV4Prompt`
 * or `ModelMessage`s of `ai` 6 or 7) to core messages, losslessly:
 * `toAiSdkMessages` gives the same messages back. What core does not model
 * (provider options, file data forms, tool output kinds, `providerExecuted`,
 * approval and `custom` parts) is kept under `metadata.aiSdk`
 * (`AiSdkMessageMetadata`); reasoning provider options (signatures)
 * travel in the reasoning part's `providerMetadata`.
 *
 * Tool outputs: `text` → the string; `json` → the value; `error-text` /
 * `error-json` → the same with `isError`; `execution-denied` → its reason (or
 * {@link EXECUTION_DENIED_TEXT}) with `isError`; `content` → the item array
 * (bytes as base64). Files keep their data as one string: base64 for bytes,
 * the href for URLs, the text of V4 `text` data.
 */
export function fromAiSdkMessages(
  messages: readonly AiSdkMessage[],
  {
    generateId = (_message, index) => `msg-${index}`,
  }: FromAiSdkMessagesOptions = {},
): Message[] {
  return messages.map((message, index) =>
    fromAiSdkMessage(message, generateId(message, index)),
  );
}

/** Converts one AI SDK message to a core message with the given id (see {@link fromAiSdkMessages}). */
export function fromAiSdkMessage(message: AiSdkMessage, id: string): Message {
  const content: Part[] = [];
  const extras: (Extras | undefined)[] = [];
  const passthrough: AiSdkPassthroughPart[] = [];
  const stringContent = typeof message.content === 'string';
  const parts: readonly unknown[] =
    typeof message.content === 'string'
      ? [{ type: 'text', text: message.content }]
      : message.content;

  parts.forEach((raw, index) => {
    const converted = convertPart(raw);
    if (converted === undefined) {
      passthrough.push({ index, part: toJsonSafe(raw) });
      return;
    }
    content.push(converted.part);
    extras.push(converted.extras);
  });
  const entries = recordPartEntries(content, extras);

  const metadata: Record<string, unknown> = {};
  if (message.providerOptions !== undefined) {
    metadata.providerOptions = toJsonSafe(message.providerOptions);
  }
  if (stringContent && message.role !== 'system') metadata.stringContent = true;
  if (entries.length > 0) metadata.parts = entries;
  if (passthrough.length > 0) metadata.passthrough = passthrough;

  return {
    id,
    role: message.role,
    content,
    ...(Object.keys(metadata).length > 0
      ? { metadata: { [AI_SDK_METADATA_KEY]: metadata } }
      : {}),
  };
}

/** @internal What one part converts to (`undefined`: not a part core models). */
export interface ConvertedPart {
  readonly part: Part;
  /** What the part needs beyond its content, when anything. */
  readonly extras?: Extras;
}

type Extras = Omit<AiSdkPartMetadata, 'fingerprint' | 'occurrence'>;

function withEntry(part: Part, extras: Extras): ConvertedPart {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(extras)) {
    if (value !== undefined) kept[key] = value;
  }
  return Object.keys(kept).length === 0 ? { part } : { part, extras: kept };
}

function providerOptionsOf(
  part: Record<string, unknown>,
): Readonly<Record<string, unknown>> | undefined {
  const options = part.providerOptions;
  return options === undefined || options === null
    ? undefined
    : (toJsonSafe(options) as Record<string, unknown>);
}

/** @internal The core part of one AI SDK part, and what it needs beyond its content (shared with `fromModelMessages`). */
export function convertPart(raw: unknown): ConvertedPart | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const part = raw as Record<string, unknown>;
  switch (part.type) {
    case 'text':
      if (typeof part.text !== 'string') return undefined;
      return withEntry(
        { type: 'text', text: part.text },
        { providerOptions: providerOptionsOf(part) },
      );
    case 'reasoning': {
      if (typeof part.text !== 'string') return undefined;
      const providerMetadata = providerOptionsOf(part);
      return {
        part:
          providerMetadata === undefined
            ? { type: 'reasoning', text: part.text }
            : { type: 'reasoning', text: part.text, providerMetadata },
      };
    }
    case 'file':
    case 'reasoning-file':
    case 'image': {
      const data = part.type === 'image' ? part.image : part.data;
      const mediaType = part.mediaType;
      if (mediaType !== undefined && typeof mediaType !== 'string') {
        return undefined;
      }
      const file = readFileData(data as AiSdkFileData);
      if (file === undefined) return undefined;
      const filename =
        typeof part.filename === 'string' ? part.filename : undefined;
      const corePart: FilePart = {
        type: 'file',
        mediaType: mediaType ?? 'image',
        data: file.data,
        ...(filename !== undefined ? { filename } : {}),
      };
      return withEntry(corePart, {
        providerOptions: providerOptionsOf(part),
        form: file.form === 'string' ? undefined : file.form,
        partType: part.type === 'file' ? undefined : part.type,
        noMediaType:
          part.type === 'image' && mediaType === undefined ? true : undefined,
      });
    }
    case 'tool-call': {
      if (
        typeof part.toolCallId !== 'string' ||
        typeof part.toolName !== 'string'
      ) {
        return undefined;
      }
      const providerExecuted =
        typeof part.providerExecuted === 'boolean'
          ? part.providerExecuted
          : undefined;
      const providerOptions = providerOptionsOf(part);
      return withEntry(
        {
          type: 'tool-call',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          input: toJsonSafe(part.input) ?? null,
        },
        {
          toolCallId:
            providerExecuted !== undefined || providerOptions !== undefined
              ? part.toolCallId
              : undefined,
          providerExecuted,
          providerOptions,
        },
      );
    }
    case 'tool-result': {
      if (
        typeof part.toolCallId !== 'string' ||
        typeof part.toolName !== 'string'
      ) {
        return undefined;
      }
      const output = readOutput(part.output);
      if (output === undefined) return undefined;
      const providerOptions = providerOptionsOf(part);
      // The kind the writer gives this output by default needs no entry (no
      // fingerprint to hash): text for a string, JSON otherwise.
      const plain =
        providerOptions === undefined &&
        output.providerOptions === undefined &&
        output.kind ===
          (typeof output.value === 'string'
            ? output.isError
              ? 'error-text'
              : 'text'
            : output.isError
              ? 'error-json'
              : 'json');
      return withEntry(
        {
          type: 'tool-result',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          output: output.value,
          ...(output.isError ? { isError: true } : {}),
        },
        {
          toolCallId: plain ? undefined : part.toolCallId,
          providerOptions,
          output: plain ? undefined : output.kind,
          outputProviderOptions: output.providerOptions,
          noReason: output.noReason,
        },
      );
    }
    default:
      return undefined;
  }
}

interface ReadOutput {
  readonly value: unknown;
  readonly isError: boolean;
  readonly kind: AiSdkToolResultOutput['type'];
  readonly providerOptions?: Readonly<Record<string, unknown>>;
  readonly noReason?: true;
}

function readOutput(raw: unknown): ReadOutput | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const output = raw as Record<string, unknown>;
  const providerOptions = providerOptionsOf(output);
  switch (output.type) {
    case 'text':
    case 'error-text':
      if (typeof output.value !== 'string') return undefined;
      return {
        value: output.value,
        isError: output.type === 'error-text',
        kind: output.type,
        providerOptions,
      };
    case 'json':
    case 'error-json':
      return {
        value: toJsonSafe(output.value) ?? null,
        isError: output.type === 'error-json',
        kind: output.type,
        providerOptions,
      };
    case 'execution-denied': {
      const reason =
        typeof output.reason === 'string' ? output.reason : undefined;
      return {
        value: reason ?? EXECUTION_DENIED_TEXT,
        isError: true,
        kind: 'execution-denied',
        providerOptions,
        noReason: reason === undefined ? true : undefined,
      };
    }
    case 'content':
      if (!Array.isArray(output.value)) return undefined;
      return {
        value: toJsonSafe(output.value),
        isError: false,
        kind: 'content',
        providerOptions,
      };
    default:
      return undefined;
  }
}

function readFileData(
  data: AiSdkFileData | undefined,
): { data: string; form: AiSdkFileForm } | undefined {
  if (typeof data === 'string') return { data, form: 'string' };
  if (data instanceof Uint8Array) {
    return { data: bytesToBase64(data), form: 'bytes' };
  }
  if (data instanceof ArrayBuffer) {
    return { data: bytesToBase64(new Uint8Array(data)), form: 'array-buffer' };
  }
  if (data instanceof URL) return { data: data.href, form: 'url' };
  if (data === null || typeof data !== 'object') return undefined;
  switch (data.type) {
    case 'data':
      return typeof data.data === 'string'
        ? { data: data.data, form: 'v4-data' }
        : { data: bytesToBase64(data.data), form: 'v4-data-bytes' };
    case 'url':
      return { data: data.url.href, form: 'v4-url' };
    case 'reference':
      return { data: JSON.stringify(data.reference), form: 'v4-reference' };
    case 'text':
      return { data: data.text, form: 'v4-text' };
    default:
      return undefined;
  }
}
