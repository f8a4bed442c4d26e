import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { createFullTextIndex } from './create-full-text-index';

describe('createFullTextIndex', () => {
  it('should rank by BM25 times the share of query terms matched, ties first added first', () => {
    const index = createFullTextIndex();
    index.add('a', 'boston trip');
    index.add('b', 'boston');
    index.add('c', 'trip to boston with a reservation');
    index.add('d', 'boston');
    index.add('e', 'nothing here');

    const hits = index.search('boston trip reservation', 10);

    expect(hits.map((hit) => hit.id)).toStrictEqual(['c', 'a', 'b', 'd']);
    expect(hits[2]!.score).toBe(hits[3]!.score);
    expect(index.search('boston', 2).map((hit) => hit.id)).toStrictEqual([
      'b',
      'd',
    ]);
  });

  it('should replace on re-add, forget on remove and filter with accept', () => {
    const index = createFullTextIndex();
    index.add('a', 'apple');
    index.add('b', 'apple pear');
    index.add('a', 'pear only');

    expect(index.search('apple', 5).map((hit) => hit.id)).toStrictEqual(['b']);
    expect(index.remove('b')).toBe(true);
    expect(index.remove('b')).toBe(false);
    expect(index.size).toBe(1);
    expect(index.has('b')).toBe(false);
    expect(index.search('apple', 5)).toStrictEqual([]);
    index.add('c', 'pear');
    expect(
      index.search('pear', 5, (id) => id !== 'c').map((hit) => hit.id),
    ).toStrictEqual(['a']);
  });

  it('should give the same scores on repeated searches (no state leaks between queries)', () => {
    const index = createFullTextIndex();
    for (let i = 0; i < 50; i++) index.add(`d${i}`, `term${i % 7} shared word`);

    const first = index.search('shared term3', 5);
    index.search('word term1', 5);
    const second = index.search('shared term3', 5);

    expect(second).toStrictEqual(first);
    expect(first[0]!.id).toBe('d3');
  });

  it('should find nothing for an empty index, a zero limit or no searchable words', () => {
    const index = createFullTextIndex();
    expect(index.search('x', 5)).toStrictEqual([]);
    index.add('a', 'apple');
    expect(index.search('apple', 0)).toStrictEqual([]);
    expect(index.search('the and ?', 5)).toStrictEqual([]);
  });
});

describe('createFullTextIndex options', () => {
  const build = (b: number) => {
    const index = createFullTextIndex({ b });
    index.add('short', 'refund');
    index.add('long', `refund refund ${'filler '.repeat(40)}`);
    for (let i = 0; i < 8; i++) index.add(`other${i}`, `unrelated words ${i}`);
    return index;
  };

  it('should favor the short document under full length normalization and the long one without', () => {
    expect(
      build(1)
        .search('refund', 2)
        .map((hit) => hit.id),
    ).toStrictEqual(['short', 'long']);
    expect(
      build(0)
        .search('refund', 2)
        .map((hit) => hit.id),
    ).toStrictEqual(['long', 'short']);
  });

  it('should score every match in scoreAll as search does', () => {
    const index = build(0.25);
    const all = index.scoreAll!('refund unrelated');
    const ranked = index.search('refund unrelated', 100);

    expect(all).toHaveLength(10);
    expect(
      [...all].sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : 1)),
    ).toStrictEqual(
      [...ranked].sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : 1)),
    );
    expect(index.scoreAll!('absent')).toStrictEqual([]);
  });

  it('should refuse k1 and b out of range', () => {
    expect(() => createFullTextIndex({ b: 1.5 })).toThrow(InvalidArgumentError);
    expect(() => createFullTextIndex({ b: Number.NaN })).toThrow(
      InvalidArgumentError,
    );
    expect(() => createFullTextIndex({ k1: -1 })).toThrow(InvalidArgumentError);
  });
});
