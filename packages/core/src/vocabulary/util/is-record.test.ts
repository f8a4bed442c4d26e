import { describe, expect, it } from 'vitest';
import { isRecord } from './is-record';

class Point {
  x = 1;
}

describe('isRecord', () => {
  it('should accept objects and refuse null, arrays and other values', () => {
    expect(
      [{}, { a: 1 }, Object.create(null), new Point(), new Date(0)].map(
        (value) => isRecord(value),
      ),
    ).toEqual([true, true, true, true, true]);
    expect(
      [null, undefined, [], 'text', 1, true, () => 1].map((value) =>
        isRecord(value),
      ),
    ).toEqual([false, false, false, false, false, false, false]);
  });

  it('should accept only plain objects with plain: true', () => {
    expect(
      [{}, { a: 1 }, Object.create(null), new Point(), new Date(0), []].map(
        (value) => isRecord(value, { plain: true }),
      ),
    ).toEqual([true, true, true, false, false, false]);
  });
});
