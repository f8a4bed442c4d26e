import { InvalidConfigError } from '../error/invalid-config-error';
import type { CompressionMode } from './config';
import { describeValue } from './describe-value';
import { requireRecord } from './require-record';
import { STRATEGY_NAMES } from './strategy-descriptors';
import { checkKnownEntries } from './unknown-option';

const MODES: Readonly<Record<CompressionMode, true>> = {
  compact: true,
  compress: true,
  auto: true,
};

/** `strategies`: an object of known strategy names, each `true`, `false` or `undefined`. */
export function validateStrategies(value: unknown, parameter: string): void {
  const record = requireRecord(value, parameter);
  checkKnownEntries(record, STRATEGY_NAMES, `${parameter}.`, (key, flag) => {
    if (flag !== undefined) validateBoolean(flag, `${parameter}.${key}`);
  });
}

/** `mode`: one of `compact`, `compress`, `auto`. */
export function validateMode(value: unknown, parameter: string): void {
  if (typeof value !== 'string' || !Object.hasOwn(MODES, value)) {
    throw new InvalidConfigError({
      parameter,
      value,
      message: `must be one of ${Object.keys(MODES).join(' | ')}, received ${describeValue(value)}`,
    });
  }
}

/** A boolean switch (`strategies.<name>`, `fallbackToExtractive`). */
export function validateBoolean(value: unknown, parameter: string): void {
  if (typeof value !== 'boolean') {
    throw new InvalidConfigError({
      parameter,
      value,
      message: `must be a boolean, received ${describeValue(value)}`,
    });
  }
}
