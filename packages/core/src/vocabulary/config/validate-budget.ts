import { InvalidConfigError } from '../error/invalid-config-error';
import { DEFAULT_CONFIG } from './config';
import { requireRecord } from './require-record';
import { checkKnownEntries } from './unknown-option';
import { integerAtLeast, ratio } from './validate-number';

/** `maxToken`: an integer ≥ 1, or `{ contextWindow, fraction }` giving at least 1 token. */
export function validateBudget(value: unknown, parameter: string): void {
  if (typeof value === 'number') {
    integerAtLeast(1)(value, parameter);
    return;
  }
  const record = requireRecord(value, parameter);
  checkKnownEntries(record, ['contextWindow', 'fraction'], `${parameter}.`);
  integerAtLeast(1)(record.contextWindow, `${parameter}.contextWindow`);
  ratio(record.fraction, `${parameter}.fraction`);
  if (resolveBudget(record) < 1) {
    throw new InvalidConfigError({
      parameter,
      value,
      message: `must give at least 1 token, received ${resolveBudget(record)}`,
    });
  }
}

/**
 * The token budget of a valid `maxToken`: the default when not given, the
 * number as given, or `floor(contextWindow × fraction)`.
 */
export function resolveBudget(value: unknown): number {
  if (value === undefined) return DEFAULT_CONFIG.maxToken;
  if (typeof value === 'number') return value;
  const { contextWindow, fraction: share } = value as {
    contextWindow: number;
    fraction: number;
  };
  return Math.floor(contextWindow * share);
}
