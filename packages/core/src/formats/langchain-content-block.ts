import type {
  FilePart,
  Part,
  ReasoningPart,
  TextPart,
} from '../vocabulary/message/message';
import { isRecord } from '../vocabulary/util/is-record';

/** The core parts a LangChain content block can become. */
export type ContentPart = TextPart | ReasoningPart | FilePart;

/** A LangChain content block, as plain data. */
export type ContentBlock = Readonly<Record<string, unknown>>;

const FILE_BLOCK_TYPES = new Set(['image', 'audio', 'video', 'file']);

/**
 * The core part a LangChain content block stands for:
 * - `text` → text; `reasoning` (v1) and `thinking` (Anthropic) → reasoning
 *   (a thinking block's `signature` kept as provider metadata);
 * - `image_url` (OpenAI chat format) and the v1 / legacy data blocks
 *   `image`, `audio`, `video`, `file` (`url`, `data` or a file id) → file;
 * - anything else (provider blocks such as `tool_use`, `document`,
 *   `server_tool_call`) → a text part holding the block's JSON, so that it is
 *   counted and summarized; the converter keeps the block itself for the way
 *   back.
 */
export function contentBlockToPart(block: ContentBlock): ContentPart {
  switch (block.type) {
    case 'text':
      if (typeof block.text === 'string') {
        return { type: 'text', text: block.text };
      }
      break;
    case 'reasoning':
      if (typeof block.reasoning === 'string') {
        return { type: 'reasoning', text: block.reasoning };
      }
      break;
    case 'thinking':
      if (typeof block.thinking === 'string') {
        return typeof block.signature === 'string'
          ? {
              type: 'reasoning',
              text: block.thinking,
              providerMetadata: { signature: block.signature },
            }
          : { type: 'reasoning', text: block.thinking };
      }
      break;
    case 'image_url': {
      const url =
        typeof block.image_url === 'string'
          ? block.image_url
          : isRecord(block.image_url, { plain: true }) &&
              typeof block.image_url.url === 'string'
            ? block.image_url.url
            : undefined;
      if (url !== undefined) {
        return {
          type: 'file',
          mediaType: getDataUrlMediaType(url) ?? 'image/*',
          data: url,
        };
      }
      break;
    }
    default: {
      const type = block.type;
      if (typeof type === 'string' && FILE_BLOCK_TYPES.has(type)) {
        const part = fileBlockToPart(type, block);
        if (part !== undefined) return part;
      }
    }
  }
  return { type: 'text', text: JSON.stringify(block) };
}

/**
 * The LangChain content block the default writer makes for a core part
 * (LangChain v1 standard blocks): `text`, `reasoning`, and `image` / `audio`
 * / `video` / `file` with a `url` (URLs and data URLs) or base64 `data`.
 */
export function partToContentBlock(part: ContentPart): ContentBlock {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'reasoning':
      return { type: 'reasoning', reasoning: part.text };
    case 'file': {
      const kind = part.mediaType.split('/')[0] ?? '';
      const type =
        FILE_BLOCK_TYPES.has(kind) && kind !== 'file' ? kind : 'file';
      const source = /^(https?:|data:)/.test(part.data)
        ? { url: part.data }
        : { data: part.data };
      return part.filename === undefined
        ? { type, mimeType: part.mediaType, ...source }
        : {
            type,
            mimeType: part.mediaType,
            ...source,
            metadata: { filename: part.filename },
          };
    }
  }
}

function fileBlockToPart(
  type: string,
  block: ContentBlock,
): FilePart | undefined {
  const data = firstString(block.url, block.data, block.fileId, block.file_id);
  if (data === undefined) return undefined;
  const mediaType =
    firstString(block.mimeType, block.mime_type) ??
    getDataUrlMediaType(data) ??
    (type === 'file' ? 'application/octet-stream' : `${type}/*`);
  const metadata = isRecord(block.metadata, { plain: true })
    ? block.metadata
    : undefined;
  const filename = firstString(
    metadata?.filename,
    metadata?.name,
    block.filename,
  );
  return filename === undefined
    ? { type: 'file', mediaType, data }
    : { type: 'file', mediaType, data, filename };
}

function firstString(...values: unknown[]): string | undefined {
  for (const value of values) {
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

function getDataUrlMediaType(url: string): string | undefined {
  const match = /^data:([^;,]+)[;,]/.exec(url);
  return match?.[1];
}

/**
 * How the default writer writes content parts: a string when there is at
 * most one part and it is text, content blocks otherwise.
 */
export function getDefaultContentForm(
  parts: readonly Part[],
): 'string' | 'array' {
  const contentParts = parts.filter((part) => part.type !== 'tool-call');
  return contentParts.length === 0 ||
    (contentParts.length === 1 && contentParts[0]!.type === 'text')
    ? 'string'
    : 'array';
}
