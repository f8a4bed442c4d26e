import type { Clock } from '../vocabulary/clock/clock';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';

/** A {@link Clock} that only moves when a test moves it (like xstate's `SimulatedClock`). */
export interface FixedClock extends Clock {
  /** Moves the clock forward by `ms` milliseconds (a finite number, 0 or more). */
  increment(ms: number): void;
  /** Sets the clock to `ms` epoch milliseconds (a finite number; may go backwards). */
  set(ms: number): void;
}

/**
 * A deterministic clock for tests: `now()` returns `start` until the test calls
 * `increment(ms)` or `set(ms)`. Pass it wherever core takes a `clock`.
 *
 * @param start epoch milliseconds `now()` returns at first. @default 0
 * @throws {InvalidArgumentError} when `start`, `increment(ms)` or `set(ms)` gets a non-finite number, or `increment` a negative one.
 */
export function fixedClock(start = 0): FixedClock {
  let current = requireFinite('start', start);
  return {
    now: () => current,
    increment(ms: number) {
      requireFinite('ms', ms);
      if (ms < 0) {
        throw new InvalidArgumentError({
          parameter: 'ms',
          value: ms,
          message: `increment() moves forward only; use set() to go back, received ${ms}`,
        });
      }
      current += ms;
    },
    set(ms: number) {
      current = requireFinite('ms', ms);
    },
  };
}

function requireFinite(parameter: string, value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new InvalidArgumentError({
      parameter,
      value,
      message: `must be a finite number of milliseconds, received ${String(value)}`,
    });
  }
  return value;
}
