import { InvalidConfigError } from '../error/invalid-config-error';
import { describeValue } from './describe-value';

/**
 * The validator of an integer option: a finite integer at least `minimum`.
 * @throws {InvalidConfigError} naming the option otherwise.
 */
export function integerAtLeast(
  minimum: number,
): (value: unknown, parameter: string) => void {
  return (value, parameter) => {
    if (
      typeof value !== 'number' ||
      !Number.isFinite(value) ||
      !Number.isInteger(value)
    ) {
      throw new InvalidConfigError({
        parameter,
        value,
        message: `must be a finite integer, received ${describeValue(value)}`,
      });
    }
    if (value < minimum) {
      throw new InvalidConfigError({
        parameter,
        value,
        message: `must be at least ${minimum}, received ${value}`,
      });
    }
  };
}

/**
 * The validator of a count that may be unlimited: `Infinity`, or a finite
 * integer at least `minimum`.
 * @throws {InvalidConfigError} naming the option otherwise.
 */
export function countAtLeast(
  minimum: number,
): (value: unknown, parameter: string) => void {
  const finite = integerAtLeast(minimum);
  return (value, parameter) => {
    if (value === Number.POSITIVE_INFINITY) return;
    finite(value, parameter);
  };
}

/** A number in [0, 1] (0 allowed: it switches a feature off). */
export function fraction(value: unknown, parameter: string): void {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < 0 ||
    value > 1
  ) {
    throw new InvalidConfigError({
      parameter,
      value,
      message: `must be a number in [0, 1], received ${describeValue(value)}`,
    });
  }
}

/** A number in (0, 1]. */
export function ratio(value: unknown, parameter: string): void {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value <= 0 ||
    value > 1
  ) {
    throw new InvalidConfigError({
      parameter,
      value,
      message: `must be a number in (0, 1], received ${describeValue(value)}`,
    });
  }
}

/** A finite number of milliseconds greater than 0. */
export function validateTimeout(value: unknown, parameter: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new InvalidConfigError({
      parameter,
      value,
      message: `must be a finite number of milliseconds greater than 0, received ${describeValue(value)}`,
    });
  }
}
