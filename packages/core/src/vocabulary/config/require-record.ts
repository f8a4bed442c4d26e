import { InvalidConfigError } from '../error/invalid-config-error';
import { isRecord } from '../util/is-record';
import { describeValue } from './describe-value';

/**
 * `value` as a record of options.
 * @throws {InvalidConfigError} naming `parameter` when it is not a plain object.
 */
export function requireRecord(
  value: unknown,
  parameter: string,
): Record<string, unknown> {
  if (!isRecord(value)) {
    throw new InvalidConfigError({
      parameter,
      value,
      message: `must be an object, received ${describeValue(value)}`,
    });
  }
  return value;
}
