/**
 * A short description of a config value for an error message: `null`,
 * `an array`, a string in quotes, a number or boolean as written, else its
 * `typeof`.
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return typeof value;
}
