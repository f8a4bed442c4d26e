/**
 * JSONB cannot hold `\u0000` (PostgreSQL refuses the escape) nor lone
 * surrogates (`\ud800`, which `JSON.stringify` writes for a string cut inside
 * an emoji). Both are valid in a JavaScript string, so the store escapes them
 * losslessly, inside every JSON string (keys included), with U+0001 as the
 * escape character:
 *
 * | in the state         | in the jsonb column          |
 * |----------------------|------------------------------|
 * | U+0000               | U+0001 `0`                   |
 * | U+0001               | U+0001 `1`                   |
 * | lone surrogate U+DXXX| U+0001 `u` + 4 hex digits    |
 *
 * Every other character is stored as is, so the column stays readable and
 * queryable. Works on the JSON text: each backslash starts an escape, and
 * matching `\\` first keeps an escaped backslash from being misread.
 */
const ENCODE = /\\(\\|u000[01]|ud[89a-f][0-9a-f]{2})/gi;
const DECODE = /\\(\\|u0001(?:[01]|u[dD][89a-fA-F][0-9a-fA-F]{2}))/g;

/** Escapes `\u0000`, U+0001 and lone surrogates in JSON text (see above) so JSONB accepts it. */
export function encodeJsonbText(json: string): string {
  return json.replace(ENCODE, (match, escape: string) => {
    if (escape === '\\') return match;
    const lower = escape.toLowerCase();
    if (lower === 'u0000') return '\\u00010';
    if (lower === 'u0001') return '\\u00011';
    return `\\u0001u${lower.slice(1)}`;
  });
}

/** Reverses {@link encodeJsonbText} on JSON text read back from a JSONB column. */
export function decodeJsonbText(json: string): string {
  return json.replace(DECODE, (match, escape: string) => {
    if (escape === '\\') return match;
    const marker = escape.slice('u0001'.length);
    if (marker === '0') return '\\u0000';
    if (marker === '1') return '\\u0001';
    return `\\u${marker.slice(1).toLowerCase()}`;
  });
}
