import { describe, expect, it } from 'vitest';
import { tokenizeForSearch } from './tokenize-for-search';

describe('tokenizeForSearch', () => {
  it('should keep joined ids whole and in parts, lower-cased, accents and stop words out', () => {
    expect(
      tokenizeForSearch('User sophia_silva_7557 flew to Zürich'),
    ).toStrictEqual([
      'user',
      'sophia_silva_7557',
      'sophia',
      'silva',
      '7557',
      'flew',
      'zurich',
    ]);
  });

  it('should turn ordinals into numbers and add a day term to dates', () => {
    expect(tokenizeForSearch('Fly on May 20th, the 3rd trip')).toStrictEqual([
      'fly',
      'may',
      '20',
      '3',
      'trip',
      'may-20',
    ]);
    expect(tokenizeForSearch('{"date": "2024-05-20"}')).toStrictEqual([
      'date',
      '2024-05-20',
      '2024',
      '05',
      '20',
      'may-20',
    ]);
  });

  it('should make a request and a record written differently share the day term', () => {
    const request = new Set(tokenizeForSearch('le 20 mai, s’il vous plaît'));
    const record = tokenizeForSearch(
      'search_direct_flight {"date": "2024-05-20"}',
    );

    expect(record.filter((term) => request.has(term))).toStrictEqual([
      '20',
      'may-20',
    ]);
  });

  it('should cut a token longer than 255 characters into tokens of at most 255, each trimmed and split', () => {
    expect(tokenizeForSearch(`see ${'x'.repeat(600)} here`)).toStrictEqual([
      'see',
      'x'.repeat(255),
      'x'.repeat(255),
      'x'.repeat(90),
      'here',
    ]);
    const id = `${'ab_'.repeat(100)}end`;
    // The same long id is cut the same way in a record and in a query.
    expect(tokenizeForSearch(`id: ${id}`).slice(1)).toStrictEqual(
      tokenizeForSearch(id),
    );
    expect(tokenizeForSearch(id)[0]).toBe(`${'ab_'.repeat(84)}ab`);
  });

  it('should not split a surrogate pair where it cuts a long token', () => {
    const terms = tokenizeForSearch(`${'x'.repeat(254)}𠀀${'y'.repeat(10)}`);

    expect(terms).toStrictEqual(['x'.repeat(254), `𠀀${'y'.repeat(10)}`]);
  });

  it('should tokenize crafted 1 MB inputs: joiner runs inside a token, many joined parts', () => {
    const size = 1 << 20;
    const run = `q${'_-.@#'.repeat(size / 5)}q`;
    const runs = `x${'_'.repeat(4094)}x `.repeat(size / 4096);
    const parts = 'q.'.repeat(size / 2);

    expect(tokenizeForSearch(run)).toStrictEqual(['q', 'q']);
    expect(tokenizeForSearch(runs)).toHaveLength(2 * (size / 4096));
    // Cut into pieces of at most 255 characters, no part lost.
    const terms = tokenizeForSearch(parts);
    expect(terms.filter((term) => term === 'q')).toHaveLength(size / 2);
    expect(
      terms.reduce((longest, term) => Math.max(longest, term.length), 0),
    ).toBe(255);
  });
});
