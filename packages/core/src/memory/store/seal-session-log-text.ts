/**
 * What a store that holds a session log as text (one record per line: the
 * file store's file, the Redis store's string) checks in the same atomic step
 * as its compare-and-set, before it appends to the log or replaces it: that
 * the stored bytes are still the ones its cursor describes. Its length, its
 * head (the full record's format tag, schema version, session id and epoch,
 * and more) and its tail (the record the next one is appended to) are compared
 * by digest, so the check costs O(1) in the log's size. A log changed behind
 * the store's back (a damaged, cut or foreign record, a newer writer) fails
 * the check; the store then reads it whole, which refuses what it cannot read.
 */
export interface SessionLogTextSeal {
  /** UTF-8 bytes of the whole log. */
  readonly bytes: number;
  /** How many bytes from the start `headDigest` covers (≤ `SESSION_LOG_SEAL_HEAD_BYTES`). */
  readonly headBytes: number;
  readonly headDigest: string;
  /** Byte offset where the bytes `tailDigest` covers start (to the end of the log). */
  readonly tailStart: number;
  readonly tailDigest: string;
}

/** How the store's runtime encodes and hashes (Node: `Buffer`, SHA-1 hex, as Redis's `redis.sha1hex`). */
export interface SessionLogSealCodec {
  /** UTF-8 bytes of `text`. */
  readonly encode: (text: string) => Uint8Array;
  /** UTF-8 byte length of `text` (without encoding it). */
  readonly byteLength: (text: string) => number;
  /** The digest the store compares, of `bytes` (the store computes it the same way where it checks). */
  readonly digest: (bytes: Uint8Array) => string;
}

/** Bytes of the log's start the seal covers: the header of any full record (a session id is ≤ 512 characters). */
export const SESSION_LOG_SEAL_HEAD_BYTES = 4096;

/** Bytes of the log's end the seal covers at most: the last record, or its last 64 KiB. */
export const SESSION_LOG_SEAL_TAIL_BYTES = 64 * 1024;

/**
 * The seal of a log's whole text as the store holds it (just read, or just
 * written as one full record): its first line's start, its last line.
 */
export function sealSessionLogText(
  text: string,
  codec: SessionLogSealCodec,
): SessionLogTextSeal {
  const bytes = codec.byteLength(text);
  const firstLineEnd = text.indexOf('\n');
  const firstLine = text.slice(
    0,
    Math.min(
      firstLineEnd < 0 ? text.length : firstLineEnd + 1,
      SESSION_LOG_SEAL_HEAD_BYTES,
    ),
  );
  const head = codec.encode(firstLine).subarray(0, SESSION_LOG_SEAL_HEAD_BYTES);
  // The last record: after the newline that ends the one before it.
  const lastStart =
    text.lastIndexOf('\n', text.endsWith('\n') ? text.length - 2 : undefined) +
    1;
  // Enough characters for the window's bytes (each is at least one byte), not
  // starting inside a surrogate pair.
  let tailFrom = Math.max(lastStart, text.length - SESSION_LOG_SEAL_TAIL_BYTES);
  if (tailFrom > lastStart && isLowSurrogate(text.charCodeAt(tailFrom))) {
    tailFrom -= 1;
  }
  const tail = tailWindow(codec.encode(text.slice(tailFrom)));
  return {
    bytes,
    headBytes: head.length,
    headDigest: codec.digest(head),
    tailStart: bytes - tail.length,
    tailDigest: codec.digest(tail),
  };
}

/** The seal after `line` (a record and its newline) was appended to a log sealed as `seal`. */
export function extendSessionLogSeal(
  seal: SessionLogTextSeal,
  line: string,
  codec: SessionLogSealCodec,
): SessionLogTextSeal {
  const tail = tailWindow(codec.encode(line));
  const bytes = seal.bytes + codec.byteLength(line);
  return {
    ...seal,
    bytes,
    tailStart: bytes - tail.length,
    tailDigest: codec.digest(tail),
  };
}

function tailWindow(bytes: Uint8Array): Uint8Array {
  return bytes.length > SESSION_LOG_SEAL_TAIL_BYTES
    ? bytes.subarray(bytes.length - SESSION_LOG_SEAL_TAIL_BYTES)
    : bytes;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
