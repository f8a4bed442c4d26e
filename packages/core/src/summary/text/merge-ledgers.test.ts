import { describe, expect, it } from 'vitest';
import { mergeLedgers } from './merge-ledgers';

describe('mergeLedgers', () => {
  it('should put the newest ledger first and add the earlier entries it lacks, without duplicates', () => {
    expect(
      mergeLedgers(
        {
          paths: ['a.py'],
          identifiers: ['id_1'],
          numbers: ['404'],
          errors: ['E1'],
          groups: [['a.py', 'id_1']],
        },
        {
          paths: ['b.py', 'a.py'],
          identifiers: [],
          numbers: ['404', '500'],
          errors: [],
          groups: [
            ['b.py', '500'],
            ['a.py', 'id_1'],
          ],
        },
      ),
    ).toEqual({
      paths: ['b.py', 'a.py'],
      identifiers: ['id_1'],
      numbers: ['404', '500'],
      errors: ['E1'],
      groups: [
        ['b.py', '500'],
        ['a.py', 'id_1'],
      ],
    });
  });

  it('should return an empty ledger for no input', () => {
    expect(mergeLedgers()).toEqual({
      paths: [],
      identifiers: [],
      numbers: [],
      errors: [],
      groups: [],
    });
  });

  it('should cap every kind and the groups at 40, keeping the newest', () => {
    const many = Array.from({ length: 30 }, (_, index) => `n${index}`);
    const more = Array.from({ length: 30 }, (_, index) => `m${index}`);
    const merged = mergeLedgers(
      {
        paths: [],
        identifiers: many,
        numbers: [],
        errors: [],
        groups: many.map((entry) => [entry]),
      },
      {
        paths: [],
        identifiers: more,
        numbers: [],
        errors: [],
        groups: more.map((entry) => [entry]),
      },
    );
    expect(merged.identifiers).toEqual([...more, ...many.slice(0, 10)]);
    expect(merged.groups).toEqual(
      [...more, ...many.slice(0, 10)].map((entry) => [entry]),
    );
  });

  it('should merge ledgers written before groups existed', () => {
    expect(
      mergeLedgers(
        { paths: ['a.py'], identifiers: [], numbers: [], errors: [] },
        { paths: [], identifiers: [], numbers: [], errors: [], groups: [] },
      ),
    ).toEqual({
      paths: ['a.py'],
      identifiers: [],
      numbers: [],
      errors: [],
      groups: [],
    });
  });
});
