import { describe, expect, it } from 'vitest';
import { dateSearchTerms, ordinalNumber } from './date-search-terms';

const termsOf = (text: string) => {
  const lower = text.toLowerCase();
  return dateSearchTerms(
    lower
      .split(/[^\p{L}\p{N}_\-.@#]+/u)
      .map((word) => word.replace(/^[_\-.@#]+|[_\-.@#]+$/g, '')),
    lower,
  );
};

describe('ordinalNumber', () => {
  it('should give the number of English and French ordinals and nothing else', () => {
    expect(
      ['1st', '2nd', '3rd', '20th', '1er', '2e', '3eme'].map(ordinalNumber),
    ).toStrictEqual(['1', '2', '3', '20', '1', '2', '3']);
    expect(
      ['20', 'th', 'hat136', '2024-05-20', 'first'].map(ordinalNumber),
    ).toStrictEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('dateSearchTerms', () => {
  it('should give the same day term for an ISO date and the ways a person writes it', () => {
    for (const text of [
      '2024-05-20',
      'May 20',
      'may 20th',
      '20 May',
      'the 20th of May',
      'May twentieth',
      'le 20 mai',
      'am 20. Mai',
      'el 20 de mayo',
    ]) {
      expect(termsOf(text)).toStrictEqual(['may-20']);
    }
  });

  it('should add the ISO date when the year is written', () => {
    expect(termsOf('May 20th, 2024')).toStrictEqual(['may-20', '2024-05-20']);
    expect(termsOf('20 de mayo de 2024')).toStrictEqual([
      'may-20',
      '2024-05-20',
    ]);
    expect(termsOf('1er septembre 2024')).toStrictEqual([
      'september-1',
      '2024-09-01',
    ]);
    expect(termsOf('2024-05-20T10:00')).toStrictEqual(['may-20', '2024-05-20']);
  });

  it('should read numeric dates only when day and month cannot be confused', () => {
    expect(termsOf('20/05/2024')).toStrictEqual(['may-20', '2024-05-20']);
    expect(termsOf('05/20/2024')).toStrictEqual(['may-20', '2024-05-20']);
    expect(termsOf('2024/05/20')).toStrictEqual(['may-20', '2024-05-20']);
    expect(termsOf('20.05.2024')).toStrictEqual(['may-20', '2024-05-20']);
    expect(termsOf('05/06/2024')).toStrictEqual([]);
    expect(termsOf('version 3.14.1592')).toStrictEqual([]);
  });

  it('should give nothing for impossible days, lone months or numbers', () => {
    expect(termsOf('31 February')).toStrictEqual([]);
    expect(termsOf('2024-13-01')).toStrictEqual([]);
    expect(termsOf('in May I travel')).toStrictEqual([]);
    expect(termsOf('next Tuesday')).toStrictEqual([]);
    expect(termsOf('room 20 on floor 3')).toStrictEqual([]);
  });
});
