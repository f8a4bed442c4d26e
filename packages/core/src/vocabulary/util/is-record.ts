export interface IsRecordOptions {
  /**
   * Accept only plain objects: `{}` literals and `Object.create(null)`, not
   * class instances (dates, maps, errors...).
   * @default false
   */
  readonly plain?: boolean;
}

/**
 * Whether `value` is an object record: not `null`, not an array, and (with
 * `plain: true`) no class instance either.
 *
 * `isRecord(value)` is the shape test readers use before they read fields;
 * `isRecord(value, { plain: true })` is the test for JSON data, where a class
 * instance does not count as an object.
 */
export function isRecord(
  value: unknown,
  options?: IsRecordOptions,
): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return false;
  }
  if (options?.plain !== true) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
