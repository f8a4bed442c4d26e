import { describe, expect, it } from 'vitest';
import { mergeLedgers } from './merge-ledgers';

describe('mergeLedgers', () => {
  it('should unite kinds in first-seen order without duplicates', () => {
    expect(
      mergeLedgers(
        {
          paths: ['a.py'],
          identifiers: ['id_1'],
          numbers: ['404'],
          errors: ['E1'],
        },
        {
          paths: ['b.py', 'a.py'],
          identifiers: [],
          numbers: ['404', '500'],
          errors: [],
        },
      ),
    ).toEqual({
      paths: ['a.py', 'b.py'],
      identifiers: ['id_1'],
      numbers: ['404', '500'],
      errors: ['E1'],
    });
  });

  it('should return an empty ledger for no input', () => {
    expect(mergeLedgers()).toEqual({
      paths: [],
      identifiers: [],
      numbers: [],
      errors: [],
    });
  });

  it('should cap every kind at 40 entries, keeping the earliest', () => {
    const many = Array.from({ length: 30 }, (_, index) => `n${index}`);
    const more = Array.from({ length: 30 }, (_, index) => `m${index}`);
    const merged = mergeLedgers(
      { paths: [], identifiers: many, numbers: [], errors: [] },
      { paths: [], identifiers: more, numbers: [], errors: [] },
    );
    expect(merged.identifiers).toEqual([...many, ...more.slice(0, 10)]);
  });
});
