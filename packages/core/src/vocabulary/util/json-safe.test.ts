import { describe, expect, it } from 'vitest';
import { fromJsonSafe, toJsonSafe, withoutUndefined } from './json-safe';

describe('toJsonSafe', () => {
  it('should encode bytes and URLs reversibly and leave undefined fields out', () => {
    const value = {
      bytes: new Uint8Array([0, 255, 7]),
      url: new URL('https://example.test/a'),
      skipped: undefined,
      list: [1, 'two', null],
    };
    const safe = toJsonSafe(value);
    expect(safe).toEqual({
      bytes: { __acmBytes: 'AP8H' },
      url: { __acmUrl: 'https://example.test/a' },
      list: [1, 'two', null],
    });
    expect(fromJsonSafe(JSON.parse(JSON.stringify(safe)))).toEqual({
      bytes: new Uint8Array([0, 255, 7]),
      url: new URL('https://example.test/a'),
      list: [1, 'two', null],
    });
  });

  it('should keep an own __proto__ key as data both ways', () => {
    const parsed: unknown = JSON.parse('{"__proto__":{"x":1},"y":2}');
    const safe = toJsonSafe(parsed) as Record<string, unknown>;
    expect(Object.getPrototypeOf(safe)).toBe(Object.prototype);
    expect(JSON.stringify(safe)).toBe('{"__proto__":{"x":1},"y":2}');
    expect(JSON.stringify(fromJsonSafe(safe))).toBe(
      '{"__proto__":{"x":1},"y":2}',
    );
  });
});

describe('withoutUndefined', () => {
  it('should drop undefined fields and keep what is not a plain object as it is', () => {
    const date = new Date(0);
    const bytes = new Uint8Array([1]);
    expect(
      withoutUndefined({
        a: undefined,
        b: [{ c: undefined, d: 1 }],
        date,
        bytes,
      }),
    ).toEqual({
      b: [{ d: 1 }],
      date,
      bytes,
    });
    expect(withoutUndefined({ date }).date).toBe(date);
  });
});
