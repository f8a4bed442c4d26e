import { OFFLOAD_TAG_PATTERN } from './format-offload-tag';

/** The offload ids of every tag in `text`, in order of appearance, duplicates kept. */
export function findOffloadIds(text: string): string[] {
  const ids: string[] = [];
  for (const match of text.matchAll(new RegExp(OFFLOAD_TAG_PATTERN, 'g'))) {
    ids.push(match[1] ?? '');
  }
  return ids;
}
