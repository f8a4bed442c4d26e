import type {
  FilePart,
  Role,
  TextPart,
} from '../../vocabulary/message/message';
import { getDefaultContentForm } from './default-content-form';
import type {
  OpenAIContentPartMetadata,
  OpenAIMessageMetadata,
} from './openai-message-metadata';
import { textPart } from './openai-writing';
import type { Output } from './openai-writing';
import { copyMissingFields } from './own-record';
import { writeOpenAIFilePart } from './write-openai-file-part';

/**
 * Writes `content` in the form recorded for it when the parts still allow it
 * (else the default form; the strict dialect never leaves it out): absent,
 * `null`, a string (texts joined with `\n`) or an array of parts.
 */
export function writeOpenAIContent(
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
          : writeOpenAIFilePart(part, entries?.[position], lossless),
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
