/** Deep equality of JSON values (object key order ignored; an `undefined` field counts as absent). */
export function isJsonEqual(left: unknown, right: unknown): boolean {
  if (Object.is(left, right)) return true;
  if (
    left === null ||
    right === null ||
    typeof left !== 'object' ||
    typeof right !== 'object'
  ) {
    return false;
  }
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  if (Array.isArray(left)) {
    const rightArray = right as unknown[];
    return (
      left.length === rightArray.length &&
      left.every((item, index) => isJsonEqual(item, rightArray[index]))
    );
  }
  const leftRecord = left as Record<string, unknown>;
  const rightRecord = right as Record<string, unknown>;
  const keys = new Set([
    ...definedKeys(leftRecord),
    ...definedKeys(rightRecord),
  ]);
  for (const key of keys) {
    if (!isJsonEqual(leftRecord[key], rightRecord[key])) return false;
  }
  return true;
}

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
      if (item !== undefined) copy[key] = withoutUndefined(item);
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
