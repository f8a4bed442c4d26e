import { describe, expect, it } from 'vitest';
import { captureError } from './capture-error';

describe('captureError', () => {
  it('should return the error a synchronous action throws', async () => {
    const error = new Error('thrown');

    expect(
      await captureError(() => {
        throw error;
      }),
    ).toBe(error);
  });

  it('should return the reason an asynchronous action rejects with', async () => {
    expect(
      await captureError(() => Promise.reject(new Error('rejected'))),
    ).toStrictEqual(new Error('rejected'));
  });

  it('should return undefined when the action completes', async () => {
    expect(await captureError(() => Promise.resolve('done'))).toBeUndefined();
  });
});
