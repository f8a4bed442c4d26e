import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import { fixedClock } from './fixed-clock';

describe('fixedClock', () => {
  it('should start at 0 by default', () => {
    expect(fixedClock().now()).toBe(0);
  });

  it('should start at the given time and stay there until moved', () => {
    const clock = fixedClock(1_700_000_000_000);
    expect(clock.now()).toBe(1_700_000_000_000);
    expect(clock.now()).toBe(1_700_000_000_000);
  });

  it('should move forward by the increment', () => {
    const clock = fixedClock(100);
    clock.increment(250);
    clock.increment(0);
    clock.increment(50);
    expect(clock.now()).toBe(400);
  });

  it('should jump to the set time, backwards included', () => {
    const clock = fixedClock(100);
    clock.set(5_000);
    expect(clock.now()).toBe(5_000);
    clock.set(10);
    expect(clock.now()).toBe(10);
  });

  it('should keep separate clocks independent', () => {
    const first = fixedClock();
    const second = fixedClock();
    first.increment(10);
    expect(second.now()).toBe(0);
  });

  it('should reject a negative increment', () => {
    const clock = fixedClock();
    expect(() => clock.increment(-1)).toThrow(InvalidArgumentError);
    expect(clock.now()).toBe(0);
  });

  it('should reject non-finite times', () => {
    expect(() => fixedClock(Number.NaN)).toThrow(
      'Invalid argument for parameter start: must be a finite number of milliseconds, received NaN',
    );
    expect(() => fixedClock().set(Number.POSITIVE_INFINITY)).toThrow(
      InvalidArgumentError,
    );
    expect(() => fixedClock().increment(Number.NaN)).toThrow(
      InvalidArgumentError,
    );
  });
});
