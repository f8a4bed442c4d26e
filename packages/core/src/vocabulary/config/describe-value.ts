import { describeValue as describeAnyValue } from '../util/describe-value';
import type { DescribeValueOptions } from '../util/describe-value';

/** How a config error names the value it received: strings as JSON, numbers as written, other values by type. */
const CONFIG_WORDING: DescribeValueOptions = {
  undefinedAs: 'undefined',
  string: 'json',
  other: 'type',
};

/**
 * A short description of a config value for an error message: `null`,
 * `an array`, a string in quotes, a number or boolean as written, else its
 * `typeof` (the one describer of `vocabulary/util` in the config's wording).
 */
export function describeValue(value: unknown): string {
  return describeAnyValue(value, CONFIG_WORDING);
}
