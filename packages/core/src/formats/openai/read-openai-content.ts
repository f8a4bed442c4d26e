import type {
  FilePart,
  Role,
  TextPart,
} from '../../vocabulary/message/message';
import { describeValue } from '../../vocabulary/util/describe-value';
import { getDefaultContentForm } from './default-content-form';
import type {
  OpenAIContentForm,
  OpenAIContentPartMetadata,
} from './openai-message-metadata';
import { OPENAI_READER_WORDING, fail, pushSparse } from './openai-reading';
import type { MessageMetadata } from './openai-reading';
import { readOpenAIContentPart } from './read-openai-content-part';
import type { ContentDialect } from './read-openai-content-part';

/** The `content` of an input message, read. */
export interface ReadContent {
  readonly form: OpenAIContentForm;
  readonly parts: (TextPart | FilePart)[];
  readonly partMetadata: (OpenAIContentPartMetadata | null)[] | undefined;
  readonly hasFiles: boolean;
}

/** Records the content form (when the default writer would differ) and the part metadata. */
export function recordOpenAIContent(
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

/**
 * Reads `content` (absent, a string, `null` or an array of parts) into text
 * and file parts, with its form and the metadata of each part.
 */
export function readOpenAIContent(
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
      `content must be a string, null or an array, got ${describeValue(value, OPENAI_READER_WORDING)}`,
    );
  }
  if (value.length === 0) return textOnly('parts');
  const parts: (TextPart | FilePart)[] = [];
  let partMetadata: (OpenAIContentPartMetadata | null)[] | undefined;
  let hasFiles = false;
  for (let position = 0; position < value.length; position++) {
    const { part, entry } = readOpenAIContentPart(
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
