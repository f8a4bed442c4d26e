const schemePattern = /^[a-z][a-z\d+.-]*:/i;

/** Whether `value` starts with a URL scheme (`https:`, `data:`, ...). */
export function hasUrlScheme(value: string): boolean {
  return schemePattern.test(value);
}

/** The media type of a data URL (`data:image/png;base64,...` → `image/png`), if it is one. */
export function getDataUrlMediaType(value: string): string | undefined {
  if (!value.startsWith('data:')) return undefined;
  const end = value.indexOf(',');
  if (end < 0) return undefined;
  const semicolon = value.indexOf(';');
  const mediaType = value.slice(
    5,
    semicolon >= 0 && semicolon < end ? semicolon : end,
  );
  return mediaType === '' ? undefined : mediaType;
}

/** `data` as a URL: as it is when it already has a scheme, else a base64 data URL. */
export function toDataUrl(data: string, mediaType: string): string {
  return hasUrlScheme(data) ? data : `data:${mediaType};base64,${data}`;
}

/** The payload of a base64 data URL, or `data` itself when it is not one. */
export function stripDataUrl(data: string): string {
  if (!data.startsWith('data:')) return data;
  const comma = data.indexOf(',');
  return comma < 0 ? data : data.slice(comma + 1);
}

/** The core media type of an OpenAI `input_audio.format`. */
export function getAudioMediaType(format: string): string {
  if (format === 'mp3') return 'audio/mpeg';
  return `audio/${format}`;
}

/** The OpenAI `input_audio.format` of a media type, if OpenAI accepts it as audio input. */
export function getAudioFormat(mediaType: string): 'wav' | 'mp3' | undefined {
  switch (mediaType) {
    case 'audio/wav':
    case 'audio/x-wav':
    case 'audio/wave':
      return 'wav';
    case 'audio/mpeg':
    case 'audio/mp3':
      return 'mp3';
    default:
      return undefined;
  }
}
