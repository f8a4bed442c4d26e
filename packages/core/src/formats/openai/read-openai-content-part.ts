import type { FilePart, TextPart } from '../../vocabulary/message/message';
import { describeValue } from '../../vocabulary/util/describe-value';
import { isRecord } from '../../vocabulary/util/is-record';
import { getAudioMediaType, getDataUrlMediaType } from './data-url';
import { OPENAI_READER_WORDING, collectExtra, fail } from './openai-reading';
import type { ContentPartMetadata, Mutable } from './openai-reading';

/** Which content part types a role accepts in an array `content`. */
export type ContentDialect = 'text' | 'assistant' | 'user';

/**
 * Reads one part of an array `content`: text (and, in an assistant message,
 * a refusal) becomes a text part, `image_url`, `input_audio` and `file` (in a
 * user message) a file part; what only OpenAI needs goes in the part's
 * metadata entry (`null` when there is nothing to keep).
 */
export function readOpenAIContentPart(
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
      `${where} must be an object, got ${describeValue(value, OPENAI_READER_WORDING)}`,
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
      `${where} has a type this message cannot carry: ${describeValue(type, OPENAI_READER_WORDING)}`,
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
          `${where}.${payloadKey} must be a string, got ${describeValue(payload, OPENAI_READER_WORDING)}`,
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
          `${where}.file must be an object, got ${describeValue(payload, OPENAI_READER_WORDING)}`,
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
