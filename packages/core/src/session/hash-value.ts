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
  // Concatenation, not map/join: no array per level (a rope, flattened once by hashText).
  let text: string;
  if (Array.isArray(value)) {
    text = '[';
    for (let index = 0; index < value.length; index++) {
      text += (index === 0 ? '' : ',') + canonicalJson(value[index]);
    }
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  text = '{';
  for (const key of Object.keys(record).sort()) {
    const item = record[key];
    if (item === undefined) continue;
    text += `${text === '{' ? '' : ','}${JSON.stringify(key)}:${canonicalJson(item)}`;
  }
  return `${text}}`;
}
