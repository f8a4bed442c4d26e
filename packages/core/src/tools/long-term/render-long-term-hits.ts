import type { LongTermSearchHit } from './long-term-memory-backend';
import { shortenText } from './shorten-text';

/** Longest memory shown in a retrieval, in characters. */
const MAX_SHOWN_RECORD_CHARS = 1_000;

/**
 * Hits as the text `retrieve` returns: one line per memory (`- …`, its
 * whitespace folded, cut at `MAX_SHOWN_RECORD_CHARS`), best first, as many
 * as fit in `maxRetrieveChars`.
 */
export function renderLongTermHits(
  hits: readonly LongTermSearchHit[],
  maxRetrieveChars: number,
): string {
  let text = '';
  for (const hit of hits) {
    const shown = shortenText(
      hit.record.text.replace(/\s+/g, ' ').trim(),
      MAX_SHOWN_RECORD_CHARS,
    );
    const line = `- ${shown}`;
    const next = text === '' ? line : `${text}\n${line}`;
    if (next.length > maxRetrieveChars) break;
    text = next;
  }
  return text;
}
