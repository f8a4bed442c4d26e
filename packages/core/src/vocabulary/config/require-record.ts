import { InvalidConfigError } from '../error/invalid-config-error';
import { describeValue } from './describe-value';

/** Whether `value` is an object that is neither `null` nor an array. */
export function isPlainRecord(
  value: unknown,
): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `value` as a record of options.
 * @throws {InvalidConfigError} naming `parameter` when it is not a plain object.
 */
export function requireRecord(
  value: unknown,
  parameter: string,
): Record<string, unknown> {
  if (!isPlainRecord(value)) {
    throw new InvalidConfigError({
      parameter,
      value,
      message: `must be an object, received ${describeValue(value)}`,
    });
  }
  return value;
}
