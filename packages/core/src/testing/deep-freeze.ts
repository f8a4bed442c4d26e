/**
 * Freezes `value` and everything reachable from it, in place, and returns it.
 * For the loaders' shared caches: a test that mutates cached data would leak
 * into every later test of the process. Internal to the testing kit.
 */
export function deepFreeze<TValue>(value: TValue): TValue {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
