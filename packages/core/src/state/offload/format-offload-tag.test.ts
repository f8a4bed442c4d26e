import { describe, expect, it } from 'vitest';
import { OFFLOAD_TAG_PATTERN, formatOffloadTag } from './format-offload-tag';

describe('formatOffloadTag', () => {
  it('should write the reference tag byte for byte', () => {
    expect(formatOffloadTag('0f3a9c')).toBe(
      '<!-- CONTEXT_OFFLOAD: uuid=0f3a9c -->',
    );
  });
});

describe('OFFLOAD_TAG_PATTERN', () => {
  it('should match a formatted tag and capture its id', () => {
    const match = new RegExp(OFFLOAD_TAG_PATTERN).exec(
      `summary\n${formatOffloadTag('9b2e4f0c-1d2e-4f5a-8b9c-0d1e2f3a4b5c')}`,
    );
    expect(match?.[1]).toBe('9b2e4f0c-1d2e-4f5a-8b9c-0d1e2f3a4b5c');
  });

  it('should tolerate extra whitespace inside the tag', () => {
    const match = new RegExp(OFFLOAD_TAG_PATTERN).exec(
      '<!--   CONTEXT_OFFLOAD:uuid=abc   -->',
    );
    expect(match?.[1]).toBe('abc');
  });
});
