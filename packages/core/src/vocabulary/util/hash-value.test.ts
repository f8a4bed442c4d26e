import { describe, expect, it } from 'vitest';
import { loadSharedConversations } from '../../testing/load-shared-conversations';
import { hashText, hashValue } from './hash-value';
import { toJsonSafe } from './json-safe';

/** The canonical JSON `hashValue` names, built as a string (the reference). */
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
  const fields = Object.keys(record)
    .sort()
    .filter((key) => record[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${fields.join(',')}}`;
}

describe('hashValue', () => {
  it('should hash the canonical JSON of every real message as hashText does', () => {
    const messages = loadSharedConversations({ limit: 40 }).flatMap(
      (conversation) => conversation.messages,
    );
    expect(messages.length).toBeGreaterThan(1000);
    for (const message of messages) {
      expect(hashValue(message)).toBe(hashText(canonicalJson(message)));
    }
  });

  it('should hash escaped characters, surrogates, bytes and URLs as their canonical JSON', () => {
    const values: unknown[] = [
      'plain',
      'quote " and backslash \\ then more',
      'tab\tnewline\ncontrol\u0001\u001f',
      'emoji 😀 pair',
      'lone \ud800 high and \udfff low',
      { b: 1, a: [true, null, undefined, 1.5e-7], c: undefined, 'k"ey': 'v' },
      { bytes: new Uint8Array([1, 2, 250]), url: new URL('https://x.test/a') },
      [new ArrayBuffer(3), Number.NaN, -0, () => 1],
      undefined,
      42,
    ];
    for (const value of values) {
      expect(hashValue(value)).toBe(hashText(canonicalJson(value)));
    }
  });

  it('should give equal values equal hashes whatever their key order', () => {
    expect(hashValue({ a: 1, b: { c: 'x', d: [1] } })).toBe(
      hashValue({ b: { d: [1], c: 'x' }, a: 1 }),
    );
    expect(hashValue({ a: 1 })).not.toBe(hashValue({ a: 2 }));
    expect(hashText('')).toBe('811c9dc590237571');
  });
});
