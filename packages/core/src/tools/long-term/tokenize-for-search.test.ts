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
});
