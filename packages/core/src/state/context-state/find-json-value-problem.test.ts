import { describe, expect, it } from 'vitest';
import {
  findJsonValueProblem,
  isPlainJsonValue,
} from './find-json-value-problem';

/** `{ a: { a: … { a: leaf } } }`, `depth` objects deep. */
function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

describe('findJsonValueProblem', () => {
  it('should accept plain JSON, undefined object properties included', () => {
    const value = {
      text: 'x',
      count: 3,
      flag: false,
      empty: null,
      list: [1, 'two', { three: [] }],
      dropped: undefined,
      bare: Object.create(null) as object,
    };
    expect(findJsonValueProblem(value, '$.input')).toBeUndefined();
    expect(isPlainJsonValue(value)).toBe(true);
  });

  it('should name the first problem and its path', () => {
    expect(findJsonValueProblem({ list: [1, Number.NaN] }, '$.v')).toEqual({
      path: '$.v.list[1]',
      message: 'NaN is not a JSON number',
    });
    expect(findJsonValueProblem({ at: new Date(0) }, '$.v')).toEqual({
      path: '$.v.at',
      message: 'expected a plain JSON object, found a class instance',
    });
    expect(findJsonValueProblem([1, undefined], () => '$.w')).toEqual({
      path: '$.w[1]',
      message: 'undefined is not a JSON value',
    });
    expect(isPlainJsonValue({ list: [1, Number.NaN] })).toBe(false);
    expect(isPlainJsonValue(undefined)).toBe(false);
    expect(isPlainJsonValue(1n)).toBe(false);
  });

  it('should accept a valid value nested deeper than the allocation-free walk goes', () => {
    const deep = nested(5000, 'leaf');
    expect(isPlainJsonValue(deep)).toBe(false);
    expect(findJsonValueProblem(deep, '$')).toBeUndefined();
  });

  it('should find a circular reference, near the root or deep down', () => {
    const near: Record<string, unknown> = { a: 1 };
    near.self = near;
    expect(findJsonValueProblem(near, '$')).toEqual({
      path: '$.self',
      message: 'circular reference',
    });
    const leaf: Record<string, unknown> = {};
    const deep = nested(100, leaf);
    leaf.back = deep;
    expect(findJsonValueProblem(deep, '$')?.message).toBe('circular reference');
  });

  it('should accept the same object twice (shared, not circular)', () => {
    const shared = { x: 1 };
    expect(findJsonValueProblem({ a: shared, b: [shared] }, '$')).toBe(
      undefined,
    );
    expect(isPlainJsonValue({ a: shared, b: [shared] })).toBe(true);
  });
});
