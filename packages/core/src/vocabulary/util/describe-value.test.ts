import { describe, expect, it } from 'vitest';
import { describeValue } from './describe-value';
import type { DescribeValueOptions } from './describe-value';

const values: readonly unknown[] = [
  null,
  undefined,
  [1],
  'say "hi"',
  'x'.repeat(41),
  42,
  false,
  10n,
  {},
  () => 1,
];

const describeAll = (options?: DescribeValueOptions): string[] =>
  values.map((value) => describeValue(value, options));

describe('describeValue', () => {
  it('should describe values in words by default', () => {
    expect(describeAll()).toEqual([
      'null',
      'nothing',
      'an array',
      'the string "say \\"hi\\""',
      `the string "${'x'.repeat(40)}"…`,
      '42',
      'false',
      'a bigint',
      'an object',
      'a function',
    ]);
  });

  it('should name types with quoted strings', () => {
    expect(
      describeAll({
        undefinedAs: 'undefined',
        string: 'quoted',
        scalar: 'type',
        other: 'type',
      }),
    ).toEqual([
      'null',
      'undefined',
      'an array',
      '"say "hi""',
      `"${'x'.repeat(41)}"`,
      'number',
      'boolean',
      'bigint',
      'object',
      'function',
    ]);
  });

  it('should write strings as JSON', () => {
    expect(describeValue('say "hi"', { string: 'json' })).toBe(
      '"say \\"hi\\""',
    );
  });

  it('should cut strings without an ellipsis when told', () => {
    expect(describeValue('x'.repeat(41), { ellipsis: false })).toBe(
      `the string "${'x'.repeat(40)}"`,
    );
  });

  it('should name bare strings, types with values and a plain a', () => {
    expect(
      describeAll({
        undefinedAs: 'undefined',
        string: 'a-bare-string',
        scalar: 'type-and-value',
        other: 'a-type',
      }),
    ).toEqual([
      'null',
      'undefined',
      'an array',
      'a bare string ("say \\"hi\\"")',
      `a bare string ("${'x'.repeat(40)}")`,
      'number 42',
      'boolean false',
      'bigint 10',
      'a object',
      'a function',
    ]);
  });
});
