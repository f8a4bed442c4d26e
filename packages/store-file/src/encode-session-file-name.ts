import { createHash } from 'node:crypto';

/** Encoded names longer than this are shortened to a prefix plus a SHA-256 of the id. */
const MAX_PLAIN_LENGTH = 120;
const HASHED_PREFIX_LENGTH = 64;

function isPlainByte(byte: number): boolean {
  return (
    (byte >= 0x61 && byte <= 0x7a) || // a-z
    (byte >= 0x30 && byte <= 0x39) || // 0-9
    byte === 0x2d || // -
    byte === 0x5f // _
  );
}

/**
 * The file name stem of a session: its UTF-8 bytes with every byte other than
 * `a-z`, `0-9`, `-` and `_` percent-encoded in upper-case hex (`a/b` →
 * `a%2Fb`, `../x` → `%2E%2E%2Fx`, `A` → `%41`). So the name never holds a path
 * separator, a dot or a reserved character, never starts with `.`, and two ids
 * never map to names that differ only by case (case-insensitive file systems).
 *
 * Names longer than 120 characters become their first 64 characters, `~` and
 * the SHA-256 hex of the id: at most 129 characters. `~` appears in no other
 * name, so {@link decodeSessionFileName} knows the id must be read from the file.
 */
export function encodeSessionFileName(sessionId: string): string {
  let encoded = '';
  for (const byte of Buffer.from(sessionId, 'utf8')) {
    encoded += isPlainByte(byte)
      ? String.fromCharCode(byte)
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  if (encoded.length <= MAX_PLAIN_LENGTH) return encoded;
  let prefix = encoded.slice(0, HASHED_PREFIX_LENGTH);
  const lastEscape = prefix.lastIndexOf('%');
  if (lastEscape > prefix.length - 3) prefix = prefix.slice(0, lastEscape);
  const hash = createHash('sha256').update(sessionId, 'utf8').digest('hex');
  return `${prefix}~${hash}`;
}

/**
 * The session id of a plain (unhashed) file name stem, or `undefined` when the
 * stem is hashed (the id is in the file) or not one this store writes.
 */
export function decodeSessionFileName(stem: string): string | undefined {
  if (!/^(?:[a-z0-9_-]|%[0-9A-F]{2})+$/.test(stem)) return undefined;
  const bytes: number[] = [];
  for (let index = 0; index < stem.length;) {
    if (stem[index] === '%') {
      bytes.push(Number.parseInt(stem.slice(index + 1, index + 3), 16));
      index += 3;
    } else {
      bytes.push(stem.charCodeAt(index));
      index += 1;
    }
  }
  const sessionId = Buffer.from(bytes).toString('utf8');
  // Reject names this store would not have written (invalid UTF-8, needless escapes).
  return encodeSessionFileName(sessionId) === stem ? sessionId : undefined;
}
