/** Characters of a session tag: 8 lowercase hex digits (32 bits). */
const SESSION_TAG_LENGTH = 8;

/** An offload id minted by an `AutoContextMemory`: `<session tag>_<random id>`. */
const SCOPED_ID_PATTERN = /^([0-9a-f]{8})_./;

/**
 * The session tag that prefixes every id an `AutoContextMemory` generates
 * (offload ids and the ids of the messages it writes): the 32-bit FNV-1a hash
 * of `sessionId` (over its UTF-16 code units) as 8 lowercase hex digits.
 *
 * The tag is a hint, not access control: it lets the `context_reload` tool
 * answer "this id belongs to another session" instead of "unknown id".
 * Isolation itself is structural: a memory only ever holds its own session's
 * offload entries, so another session's id is never found in it. Two sessions
 * share a tag with probability 2⁻³²; the reload answer is then "unknown id".
 */
export function getSessionTag(sessionId: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < sessionId.length; index++) {
    hash ^= sessionId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(SESSION_TAG_LENGTH, '0');
}

/**
 * The session tag an id starts with (`<8 hex>_…`), or `undefined` for ids an
 * `AutoContextMemory` did not mint (e.g. the reference's UUIDs, which have no
 * underscore).
 */
export function readSessionTag(id: string): string | undefined {
  return SCOPED_ID_PATTERN.exec(id)?.[1];
}
