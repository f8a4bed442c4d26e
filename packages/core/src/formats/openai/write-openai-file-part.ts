import type { FilePart } from '../../vocabulary/message/message';
import { getAudioFormat, stripDataUrl, toDataUrl } from './data-url';
import type { OpenAIContentPartMetadata } from './openai-message-metadata';
import { noFields } from './openai-writing';
import type { Output } from './openai-writing';
import { copyMissingFields, setOwn } from './own-record';

/** The fields of `source` to write: all in the lossless dialect, else those among `strictFields`. */
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

/**
 * A file part as an `image_url`, `input_audio` or `file` content part: the
 * kind it was read from, else the one its media type calls for.
 */
export function writeOpenAIFilePart(
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
