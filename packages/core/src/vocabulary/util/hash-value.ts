import { toJsonSafe } from './json-safe';

/**
 * A 64-bit content hash of any value (two FNV-1a 32-bit hashes of its
 * canonical JSON, as 16 hex digits): object keys sorted, `undefined` fields
 * left out, bytes and URLs encoded (`toJsonSafe`). Equal values give equal
 * hashes whatever their key order. Not cryptographic: it names content, it
 * does not protect it.
 */
export function hashValue(value: unknown): string {
  // The canonical JSON is fed to the hash as it is walked, never built.
  const hash = new Fnv();
  feedValue(hash, value);
  return hash.digest();
}

/** {@link hashValue} of a string that is already canonical. */
export function hashText(text: string): string {
  const hash = new Fnv();
  hash.raw(text);
  return hash.digest();
}

const PRIME = 0x01000193;
const QUOTE = 0x22;

/** The two FNV-1a states, fed UTF-16 code units. */
class Fnv {
  first = 0x811c9dc5;
  second = 0xcbf29ce4 ^ 0x5bd1e995;

  raw(text: string): void {
    let first = this.first;
    let second = this.second;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      first = Math.imul(first ^ code, PRIME);
      second = Math.imul(second ^ code, PRIME) ^ (second >>> 15);
    }
    this.first = first;
    this.second = second;
  }

  char(code: number): void {
    this.first = Math.imul(this.first ^ code, PRIME);
    this.second = Math.imul(this.second ^ code, PRIME) ^ (this.second >>> 15);
  }

  /** Feeds `JSON.stringify(text)`, built only from the first character JSON escapes. */
  string(text: string): void {
    this.char(QUOTE);
    let first = this.first;
    let second = this.second;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      // Control characters, `"`, `\` and surrogates (lone ones are escaped).
      if (code < 0x20 || code === QUOTE || code === 0x5c || code >> 11 === 27) {
        this.first = first;
        this.second = second;
        this.raw(JSON.stringify(text.slice(index)).slice(1));
        return;
      }
      first = Math.imul(first ^ code, PRIME);
      second = Math.imul(second ^ code, PRIME) ^ (second >>> 15);
    }
    this.first = first;
    this.second = second;
    this.char(QUOTE);
  }

  digest(): string {
    return (
      (this.first >>> 0).toString(16).padStart(8, '0') +
      (this.second >>> 0).toString(16).padStart(8, '0')
    );
  }
}

/** Feeds the canonical JSON of `toJsonSafe(value)`, without copying `value` first. */
function feedValue(hash: Fnv, value: unknown): void {
  if (typeof value === 'string') return hash.string(value);
  if (value === null || typeof value !== 'object') {
    return hash.raw(JSON.stringify(value) ?? 'null');
  }
  if (
    value instanceof Uint8Array ||
    value instanceof ArrayBuffer ||
    value instanceof URL
  ) {
    return feedValue(hash, toJsonSafe(value));
  }
  if (Array.isArray(value)) {
    hash.char(0x5b); // [
    for (let index = 0; index < value.length; index++) {
      if (index > 0) hash.char(0x2c); // ,
      feedValue(hash, value[index]);
    }
    return hash.char(0x5d); // ]
  }
  const record = value as Record<string, unknown>;
  let empty = true;
  hash.char(0x7b); // {
  for (const key of Object.keys(record).sort()) {
    const item = record[key];
    if (item === undefined) continue;
    if (!empty) hash.char(0x2c); // ,
    empty = false;
    hash.string(key);
    hash.char(0x3a); // :
    feedValue(hash, item);
  }
  hash.char(0x7d); // }
}
