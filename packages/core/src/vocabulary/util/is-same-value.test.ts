import { describe, expect, it } from 'vitest';
import { hashValue } from './hash-value';
import { isSameValue } from './is-same-value';

describe('isSameValue', () => {
  it('should compare like hashValue: key order and undefined fields do not matter', () => {
    const left = {
      role: 'user',
      content: [{ type: 'text', text: 'hi' }],
      x: undefined,
    };
    const right = { content: [{ text: 'hi', type: 'text' }], role: 'user' };
    expect(isSameValue(left, right)).toBe(true);
    expect(hashValue(left)).toBe(hashValue(right));
    expect(isSameValue(left, { ...right, role: 'assistant' })).toBe(false);
  });

  it('should compare URLs by href and bytes byte by byte', () => {
    expect(
      isSameValue(new URL('https://a.test/x'), new URL('https://a.test/x')),
    ).toBe(true);
    expect(
      isSameValue(new URL('https://a.test/x'), new URL('https://a.test/y')),
    ).toBe(false);
    expect(isSameValue(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(
      true,
    );
    expect(isSameValue(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(
      false,
    );
    expect(
      isSameValue(new Uint8Array([1, 2]), new Uint8Array([1, 2]).buffer),
    ).toBe(false);
    expect(
      isSameValue({ data: new URL('https://a.test/') }, { data: {} }),
    ).toBe(false);
  });
});
