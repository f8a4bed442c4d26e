import { describe, expect, it } from 'vitest';
import { countApproximateTokens } from './count-approximate-tokens';

describe('countApproximateTokens', () => {
  it.each([
    // (0.82 + 0.04 + 4 × 0.04) × 2 words = 2.04
    { text: 'Hello World', expected: 2 },
    // 0.86 + 0.08 + (0.04 + 0.65) + 0.24 + (0.04 + 0.65) + 0.12 = 2.68
    { text: 'getMessageText', expected: 3 },
    // two digit groups of up to 3: 2 × 1.9 = 3.8
    { text: '12345', expected: 4 },
    // 5 CJK characters (the full-width comma included) × 0.75 = 3.75
    { text: '你好，世界', expected: 4 },
    // 0.86 + 2 newlines 0.64 + a whitespace run 0.85 + 0.86 = 3.21
    { text: 'a\n\n  b', expected: 3 },
    // one punctuation run of 4: 0.65 + 4 × 0.11 = 1.09
    { text: '{"":', expected: 1 },
    // an emoji is 2 surrogate halves: 1.5
    { text: '🎉', expected: 2 },
    // a lone space rounds to 0 but a non-empty text counts at least 1
    { text: ' ', expected: 1 },
    { text: '', expected: 0 },
  ])('should estimate $expected tokens for $text', ({ text, expected }) => {
    expect(countApproximateTokens(text)).toBe(expected);
  });

  it('should count non-ASCII letters as words with a surcharge', () => {
    // 'Größe': run 0.82 + 3 ASCII × 0.04 + 2 non-ASCII × 0.14 = 1.22
    expect(countApproximateTokens('Größe Größe Größe')).toBe(4);
  });
});
