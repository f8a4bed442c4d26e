import { describe, expect, it } from 'vitest';
import { editDistance, suggestName } from './suggest-name';

describe('editDistance', () => {
  it('should count insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('max-token', 'max-token')).toBe(0);
    expect(editDistance('max-tokens', 'max-token')).toBe(1);
  });
});

describe('suggestName', () => {
  const options = ['max-token', 'mode', 'model', 'limit', 'conversation'];

  it('should return the closest candidate within the allowed distance', () => {
    expect(suggestName('max-tokens', options)).toBe('max-token');
    expect(suggestName('mdoe', options)).toBe('mode');
    expect(suggestName('converstion', options)).toBe('conversation');
  });

  it('should return a unique candidate the input is a prefix of', () => {
    expect(suggestName('conv', options)).toBe('conversation');
  });

  it('should return undefined when nothing is close', () => {
    expect(suggestName('zzz', options)).toBeUndefined();
    expect(suggestName('output-directory', options)).toBeUndefined();
  });
});
