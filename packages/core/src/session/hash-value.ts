import { toJsonSafe } from './json-safe';

/**
 * A 64-bit content hash of any value (two FNV-1a 32-bit hashes of its
 * canonical JSON, as 16 hex digits): object keys sorted, `undefined` fields
 * left out, bytes and URLs encoded (`toJsonSafe`). Equal values give equal
 * hashes whatever their key order. Not cryptographic: it names content, it
 * does not protect it.
 */
export function hashValue(value: unknown): string {
  return hashText(canonicalJson(value));
}

/** {@link hashValue} of a string that is already canonical. */
export function hashText(text: string): string {
  let first = 0x811c9dc5;
  let second = 0xcbf29ce4 ^ 0x5bd1e995;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 0x01000193);
    second = Math.imul(second ^ code, 0x01000193) ^ (second >>> 15);
  }
  return (
    (first >>> 0).toString(16).padStart(8, '0') +
    (second >>> 0).toString(16).padStart(8, '0')
  );
}

/** The canonical JSON of `toJsonSafe(value)`, without copying `value` first. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(value) ?? 'null';
  }
  if (
    value instanceof Uint8Array ||
    value instanceof ArrayBuffer ||
    value instanceof URL
  ) {
    return canonicalJson(toJsonSafe(value));
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}
