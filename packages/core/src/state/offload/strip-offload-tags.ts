import { OFFLOAD_TAG_PATTERN } from './format-offload-tag';

/**
 * Removes every offload tag and the whitespace around it. A tag at the start or the
 * end of the text disappears with its whitespace; a tag between two pieces of text
 * leaves one newline (if the whitespace held one) or one space, so words never fuse.
 */
export function stripOffloadTags(text: string): string {
  const pattern = new RegExp(String.raw`\s*${OFFLOAD_TAG_PATTERN}\s*`, 'g');
  return text.replace(pattern, (match: string, _id: string, offset: number) => {
    if (offset === 0 || offset + match.length === text.length) return '';
    return match.includes('\n') ? '\n' : ' ';
  });
}
