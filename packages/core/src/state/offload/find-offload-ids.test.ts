import { describe, expect, it } from 'vitest';
import { findOffloadIds } from './find-offload-ids';
import { formatOffloadTag } from './format-offload-tag';

describe('findOffloadIds', () => {
  it('should return every id in order, duplicates kept', () => {
    const text = `a ${formatOffloadTag('one')} b ${formatOffloadTag('two')}\n${formatOffloadTag('one')}`;
    expect(findOffloadIds(text)).toEqual(['one', 'two', 'one']);
  });

  it('should return the same result when called twice (no shared regex state)', () => {
    const text = `x${formatOffloadTag('id-1')}`;
    expect(findOffloadIds(text)).toEqual(['id-1']);
    expect(findOffloadIds(text)).toEqual(['id-1']);
  });

  it('should return an empty list for text without tags', () => {
    expect(findOffloadIds('<!-- a comment -->')).toEqual([]);
  });
});
