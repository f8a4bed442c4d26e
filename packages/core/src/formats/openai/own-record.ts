/**
 * Sets an own enumerable property, also for the key `__proto__` (plain
 * assignment would change the prototype instead and lose the field).
 */
export function setOwn(
  target: Record<string, unknown>,
  key: string,
  value: unknown,
): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}

/** Copies the fields of `source` that `target` does not have yet. */
export function copyMissingFields(
  target: Record<string, unknown>,
  source: Readonly<Record<string, unknown>>,
): void {
  for (const key of Object.keys(source)) {
    if (!Object.prototype.hasOwnProperty.call(target, key)) {
      setOwn(target, key, source[key]);
    }
  }
}
