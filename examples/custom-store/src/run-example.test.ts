import { describe, expect, it } from 'vitest';
import { runExample } from './run-example';

describe('runExample', () => {
  it('should save every turn as a delta and load the same state again', async () => {
    expect(await runExample()).toStrictEqual({
      turns: 30,
      compressions: 4,
      firstSaveChars: 1190,
      largestLaterSaveChars: 6199,
      smallestLaterSaveChars: 972,
      storageKeys: 31,
      storageChars: 45865,
      reloadedIdentically: true,
    });
  });
});
