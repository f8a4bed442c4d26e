import { describe, expect, it } from 'vitest';
import { formatOffloadTag } from './format-offload-tag';
import { stripOffloadTags } from './strip-offload-tags';

describe('stripOffloadTags', () => {
  it('should remove a trailing tag with the newline before it', () => {
    expect(stripOffloadTags(`The summary.\n${formatOffloadTag('u1')}`)).toBe(
      'The summary.',
    );
  });

  it('should remove a tag glued to the text without separator', () => {
    expect(stripOffloadTags(`The summary.${formatOffloadTag('u1')}`)).toBe(
      'The summary.',
    );
  });

  it('should remove a leading tag and its whitespace', () => {
    expect(stripOffloadTags(`${formatOffloadTag('u1')}\n\nRest`)).toBe('Rest');
  });

  it('should keep one newline between texts separated by a tag on its own line', () => {
    expect(stripOffloadTags(`First\n${formatOffloadTag('u1')}\nSecond`)).toBe(
      'First\nSecond',
    );
  });

  it('should keep one space between words separated by an inline tag', () => {
    expect(stripOffloadTags(`First ${formatOffloadTag('u1')} second`)).toBe(
      'First second',
    );
  });

  it('should remove whitespace-tolerant variants of the tag', () => {
    expect(stripOffloadTags('Text  <!--CONTEXT_OFFLOAD:  uuid=x-->  ')).toBe(
      'Text',
    );
  });

  it('should leave text without tags unchanged', () => {
    expect(stripOffloadTags('  keep <!-- other --> me  ')).toBe(
      '  keep <!-- other --> me  ',
    );
  });
});
