import { RELATIVE_THRESHOLD_DEFAULTS } from './config';
import { requireRecord } from './require-record';
import { checkKnownEntries } from './unknown-option';
import { integerAtLeast, ratio } from './validate-number';

/** A token amount: an integer ≥ 0, or `{ fraction }` with a fraction in (0, 1] of `maxToken`. */
export function validateTokenAmount(value: unknown, parameter: string): void {
  if (typeof value === 'number') {
    integerAtLeast(0)(value, parameter);
    return;
  }
  const record = requireRecord(value, parameter);
  checkKnownEntries(record, ['fraction'], `${parameter}.`);
  ratio(record.fraction, `${parameter}.fraction`);
}

/**
 * The tokens of a relative threshold: the number as given,
 * `round(fraction × maxToken)` for `{ fraction }`, and when not given
 * `min(atMost, round(fraction × maxToken))` of `RELATIVE_THRESHOLD_DEFAULTS`.
 */
export function resolveTokenAmount(
  key: keyof typeof RELATIVE_THRESHOLD_DEFAULTS,
  value: number | { fraction: number } | undefined,
  maxToken: number,
): number {
  if (typeof value === 'number') return value;
  if (value !== undefined) return Math.round(value.fraction * maxToken);
  const { fraction, atMost } = RELATIVE_THRESHOLD_DEFAULTS[key];
  return Math.min(atMost, Math.round(fraction * maxToken));
}
