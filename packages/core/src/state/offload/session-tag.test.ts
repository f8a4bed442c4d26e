import { describe, expect, it } from 'vitest';
import { getSessionTag, readSessionTag } from './session-tag';

describe('getSessionTag', () => {
  it('should be the 32-bit FNV-1a hash of the session id in hex', () => {
    expect(getSessionTag('')).toBe('811c9dc5');
    expect(getSessionTag('a')).toBe('e40c292c');
    expect(getSessionTag('foobar')).toBe('bf9cf968');
  });

  it('should differ between nearby session ids', () => {
    expect(getSessionTag('session-a')).not.toBe(getSessionTag('session-b'));
  });
});

describe('readSessionTag', () => {
  it('should read the tag of a scoped id and nothing from other ids', () => {
    expect(readSessionTag('e40c292c_9e8d0c4b')).toBe('e40c292c');
    expect(readSessionTag('f81d4fae-7dec-11d0-a765-00a0c91e6bf6')).toBe(
      undefined,
    );
    expect(readSessionTag('e40c292c_')).toBe(undefined);
    expect(readSessionTag('E40C292C_abc')).toBe(undefined);
  });
});
