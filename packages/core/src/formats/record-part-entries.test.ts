import { describe, expect, it } from 'vitest';
import type { Part } from '../vocabulary/message/message';
import { hashValue } from '../vocabulary/util/hash-value';
import {
  createPartEntryFinder,
  recordPartEntries,
} from './record-part-entries';

const text = (value: string): Part => ({ type: 'text', text: value });

describe('recordPartEntries', () => {
  it('should tie each entry to its part by fingerprint and occurrence', () => {
    const parts = [text('a'), text('b'), text('a')];
    const entries = recordPartEntries(parts, [
      undefined,
      { tag: 'b' },
      { tag: 'second a' },
    ]);
    expect(entries).toEqual([
      { fingerprint: hashValue(text('b')), tag: 'b' },
      { fingerprint: hashValue(text('a')), occurrence: 1, tag: 'second a' },
    ]);
    expect(recordPartEntries(parts, [undefined, undefined, undefined])).toEqual(
      [],
    );
  });
});

describe('createPartEntryFinder', () => {
  it('should find an entry only for the unchanged part it was recorded for', () => {
    const entries = recordPartEntries(
      [text('a'), text('b'), text('a')],
      [undefined, { tag: 'b' }, { tag: 'second a' }],
    );
    const find = createPartEntryFinder(entries);
    // ACM rewrote the middle part: its entry no longer applies.
    expect([text('a'), text('B'), text('a')].map(find)).toEqual([
      undefined,
      undefined,
      entries[1],
    ]);
    expect(createPartEntryFinder(undefined)(text('a'))).toBeUndefined();
  });
});
