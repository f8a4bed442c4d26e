import { dateSearchTerms, ordinalNumber } from './date-search-terms';

/** Words too common to help a search (English). */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have he her his how i if in into is it its ' +
    'me my no not of on or our she so than that the their them then there these they this to too was we were what when where ' +
    'which who will with would you your yours'
  ).split(' '),
);

const NON_ASCII = /[^ -~\s]/;

/**
 * Splits text into search terms: lower-cased, accents removed, split at
 * anything but letters, digits and the joiners `_ - . @ #`; a joined token
 * (`sophia_silva_7557`, `#W4817420`, `2024-05-01`) yields itself and its
 * parts, so both the exact id and its pieces match. Stop words are dropped.
 * Ordinals become their number (`20th` → `20`), and each date adds terms
 * that match it however it is written (`May 20th`, `20 mai`, `2024-05-20`
 * all add `may-20`; see `dateSearchTerms`).
 * Used for records, queries and `context_search`, so they agree.
 */
export function tokenizeForSearch(text: string): string[] {
  const terms: string[] = [];
  const lower = text.toLowerCase();
  // Accents only need stripping outside ASCII (most text is ASCII: skip the cost).
  const normalized = !NON_ASCII.test(lower)
    ? lower
    : lower.normalize('NFKD').replace(/\p{M}+/gu, '');
  const words: string[] = [];
  for (const raw of normalized.split(/[^\p{L}\p{N}_\-.@#]+/u)) {
    const token = raw.replace(/^[_\-.@#]+|[_\-.@#]+$/g, '');
    if (token === '') continue;
    words.push(token);
    const parts = token.split(/[_\-.@#]+/).filter((part) => part !== '');
    if (parts.length > 1) {
      terms.push(token);
      for (const part of parts) if (!STOP_WORDS.has(part)) terms.push(part);
    } else if (!STOP_WORDS.has(token)) {
      terms.push(ordinalNumber(token) ?? token);
    }
  }
  for (const term of dateSearchTerms(words, normalized)) terms.push(term);
  return terms;
}
