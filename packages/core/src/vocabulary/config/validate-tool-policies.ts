import { InvalidConfigError } from '../error/invalid-config-error';
import type { ToolPolicies } from './config';
import { describeValue } from './describe-value';
import { requireRecord } from './require-record';
import { checkKnownEntries } from './unknown-option';

const TOOL_POLICY_NAMES: readonly (keyof ToolPolicies)[] = [
  'neverCompress',
  'pin',
];

/** `toolPolicies`: `neverCompress` and `pin`, each an array of tool names or `undefined`. */
export function validateToolPolicies(value: unknown, parameter: string): void {
  const record = requireRecord(value, parameter);
  checkKnownEntries(record, TOOL_POLICY_NAMES, `${parameter}.`, (key, list) => {
    if (list === undefined) return;
    const name = `${parameter}.${key}`;
    if (!Array.isArray(list)) {
      throw new InvalidConfigError({
        parameter: name,
        value: list,
        message: `must be an array of tool names, received ${describeValue(list)}`,
      });
    }
    list.forEach((entry: unknown, index) => {
      if (typeof entry !== 'string') {
        throw new InvalidConfigError({
          parameter: name,
          value: list,
          message: `must be an array of tool names, but entry ${index} is ${describeValue(entry)}`,
        });
      }
    });
  });
}
