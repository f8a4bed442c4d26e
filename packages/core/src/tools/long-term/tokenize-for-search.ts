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
 * The longest token, in UTF-16 code units, that is kept whole. A longer run
 * of letters, digits and joiners (a hex dump, a minified blob, a crafted
 * input) is cut into tokens of at most this length, each tokenized on its
 * own: the text stays searchable piece by piece, no term in an index is
 * larger than this, and records and queries cut the same way, so the same
 * long id matches itself. 255 is above every token of the shared SWE and tau
 * conversations but one (a 310-character run of dots) and above the
 * identifiers people search for (hashes, UUIDs, paths split at `/`); it is
 * also the PostgreSQL long-term backend's term limit (lexemes over 2 KB are
 * refused there), so every term fits it as is.
 * Decision: docs/decisions/2026-11-28-search-token-bound.md.
 */
const MAX_SEARCH_TOKEN_LENGTH = 255;

/** Whether the code unit is a joiner: `_ - . @ #`. */
function isJoiner(code: number): boolean {
  return (
    code === 0x5f ||
    code === 0x2d ||
    code === 0x2e ||
    code === 0x40 ||
    code === 0x23
  );
}

/**
 * `raw` without the joiners that start or end it, in one pass over each end
 * (a regex with an end anchor, `[_\-.@#]+$`, rescans a joiner run from each of
 * its positions: quadratic on a long run inside a token).
 */
function trimJoiners(raw: string): string {
  let start = 0;
  let end = raw.length;
  while (start < end && isJoiner(raw.charCodeAt(start))) start++;
  while (end > start && isJoiner(raw.charCodeAt(end - 1))) end--;
  return start === 0 && end === raw.length ? raw : raw.slice(start, end);
}

/**
 * `raw` cut into pieces of at most 255 (`MAX_SEARCH_TOKEN_LENGTH`) code units
 * (never between the two halves of a surrogate pair), each trimmed of joiners;
 * empty pieces left out. Most tokens are short: one piece, `raw` trimmed.
 */
function boundedTokens(raw: string): string[] {
  if (raw.length <= MAX_SEARCH_TOKEN_LENGTH) {
    const token = trimJoiners(raw);
    return token === '' ? [] : [token];
  }
  const pieces: string[] = [];
  let at = 0;
  while (at < raw.length) {
    let end = Math.min(at + MAX_SEARCH_TOKEN_LENGTH, raw.length);
    const code = raw.charCodeAt(end - 1);
    // A high surrogate last: its low half goes with the next piece.
    if (end < raw.length && code >= 0xd800 && code <= 0xdbff) end--;
    const piece = trimJoiners(raw.slice(at, end));
    if (piece !== '') pieces.push(piece);
    at = end;
  }
  return pieces;
}

/**
 * Splits text into search terms: lower-cased, accents removed, split at
 * anything but letters, digits and the joiners `_ - . @ #`; a joined token
 * (`sophia_silva_7557`, `#W4817420`, `2024-05-01`) yields itself and its
 * parts, so both the exact id and its pieces match. Stop words are dropped.
 * Ordinals become their number (`20th` → `20`), and each date adds terms
 * that match it however it is written (`May 20th`, `20 mai`, `2024-05-20`
 * all add `may-20`; see `dateSearchTerms`). A token longer than
 * 255 characters is cut into tokens of at
 * most that length. Linear in the length of `text`, whatever it holds.
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
    for (const token of boundedTokens(raw)) {
      words.push(token);
      const parts = token.split(/[_\-.@#]+/).filter((part) => part !== '');
      if (parts.length > 1) {
        terms.push(token);
        for (const part of parts) if (!STOP_WORDS.has(part)) terms.push(part);
      } else if (!STOP_WORDS.has(token)) {
        terms.push(ordinalNumber(token) ?? token);
      }
    }
  }
  for (const term of dateSearchTerms(words, normalized)) terms.push(term);
  return terms;
}
