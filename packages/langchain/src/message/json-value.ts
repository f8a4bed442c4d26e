/**
 * A copy of `value` without object fields whose value is `undefined`
 * (LangChain objects carry many; core metadata must be JSON). Anything else
 * is kept as it is, so that core's validation reports what is not JSON.
 */
export function withoutUndefined<T>(value: T): T {
  if (Array.isArray(value)) {
    return value.map((item: unknown) => withoutUndefined(item)) as T;
  }
  if (isPlainRecord(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // defineProperty: an own `__proto__` key (valid JSON) is data, not a prototype.
      if (item !== undefined) {
        Object.defineProperty(copy, key, {
          value: withoutUndefined(item),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    return copy as T;
  }
  return value;
}

/** Whether `value` is a plain object (not an array, class instance or null). */
export function isPlainRecord(
  value: unknown,
): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return false;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Whether a record has at least one field whose value is not `undefined`. */
export function hasDefinedKeys(
  record: Readonly<Record<string, unknown>> | undefined,
): boolean {
  return record !== undefined && definedKeys(record).length > 0;
}

function definedKeys(record: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(record).filter((key) => record[key] !== undefined);
}
