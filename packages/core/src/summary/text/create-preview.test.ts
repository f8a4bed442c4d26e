import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { createPreview } from './create-preview';
import { stripAcmArtifacts } from './strip-acm-artifacts';

function hasLoneSurrogate(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      index += 1;
    } else if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return false;
}

describe('createPreview', () => {
  it('should return text at or under maxChars unchanged', () => {
    expect(createPreview('abcdef', 6)).toBe('abcdef');
    expect(createPreview('', 0)).toBe('');
  });

  it('should keep 60 % head and 40 % tail with the omitted count', () => {
    const text = `${'a'.repeat(3000)}${'b'.repeat(2012)}`;
    expect(createPreview(text, 200)).toBe(
      `${'a'.repeat(120)}\n…[4,812 characters omitted]…\n${'b'.repeat(80)}`,
    );
  });

  it('should format large counts with thousands separators', () => {
    expect(createPreview('x'.repeat(1_234_577), 10)).toBe(
      `xxxxxx\n…[1,234,567 characters omitted]…\nxxxx`,
    );
  });

  it('should return the text unchanged when the preview would not be shorter', () => {
    expect(createPreview('x'.repeat(30), 10)).toBe('x'.repeat(30));
  });

  it('should not split a surrogate pair at the head cut', () => {
    // 'ab' + emoji at index 2–3; a head of 3 would split it.
    const text = `ab😀${'c'.repeat(100)}`;
    expect(createPreview(text, 5).startsWith('ab\n…[')).toBe(true);
  });

  it('should not split a surrogate pair at the tail cut', () => {
    const text = `${'c'.repeat(100)}😀ab`;
    expect(createPreview(text, 5).endsWith(']…\nab')).toBe(true);
  });

  it('should throw InvalidArgumentError for a negative or fractional maxChars', () => {
    expect(() => createPreview('abc', -1)).toThrow(InvalidArgumentError);
    expect(() => createPreview('abc', 1.5)).toThrow(
      'Invalid argument for parameter maxChars: must be a non-negative integer',
    );
  });

  it('should never split a surrogate pair and keep a prefix and a suffix of the input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 400 }),
          fc
            .array(fc.constantFrom('a', 'é', '😀', '𝄞', '\n'), {
              maxLength: 400,
            })
            .map((characters) => characters.join('')),
        ),
        fc.nat({ max: 300 }),
        (text, maxChars) => {
          const preview = createPreview(text, maxChars);
          expect(hasLoneSurrogate(preview)).toBe(false);
          expect(preview.length).toBeLessThanOrEqual(text.length);
          if (preview === text) return;
          // Over maxChars, what ACM wrote is stripped first (a no-op on most inputs).
          const content = stripAcmArtifacts(text);
          if (preview === content) return;
          text = content;
          const markerStart = preview.indexOf('\n…[');
          const markerEnd = preview.lastIndexOf(']…\n') + 3;
          const head = preview.slice(0, markerStart);
          const tail = preview.slice(markerEnd);
          expect(text.startsWith(head)).toBe(true);
          expect(text.endsWith(tail)).toBe(true);
          expect(head.length + tail.length).toBeLessThanOrEqual(maxChars);
          const omitted = Number(
            preview
              .slice(markerStart + 3, preview.indexOf(' characters'))
              .replaceAll(',', ''),
          );
          expect(head.length + omitted + tail.length).toBe(text.length);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('should strip offload tags, ledger lines and fold headers before making a preview', () => {
    const text = [
      'Folded 9 messages.',
      `head ${'a'.repeat(100)}`,
      'Facts kept verbatim — ids: X_123',
      `${'b'.repeat(100)} tail`,
      '<!-- CONTEXT_OFFLOAD: uuid=u1 -->',
    ].join('\n');
    expect(createPreview(text, 220)).toBe(
      `head ${'a'.repeat(100)}\n\n${'b'.repeat(100)} tail`,
    );
    expect(createPreview(text, 100)).toBe(
      `head ${'a'.repeat(55)}\n…[112 characters omitted]…\n${'b'.repeat(35)} tail`,
    );
    expect(createPreview(text, text.length)).toBe(text);
  });
});
