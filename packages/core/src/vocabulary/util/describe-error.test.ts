import { describe, expect, it } from 'vitest';
import { describeError } from './describe-error';

describe('describeError', () => {
  it("should give an error's message and any other value as a string", () => {
    expect(
      [new TypeError('bad input'), 'plain text', 42, undefined, null].map(
        describeError,
      ),
    ).toEqual(['bad input', 'plain text', '42', 'undefined', 'null']);
  });
});
