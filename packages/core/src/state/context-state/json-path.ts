const identifierPattern = /^[A-Za-z_$][\w$]*$/;

/**
 * Extends a JSON path such as `$.working[3]` with an object key or an array
 * index: `.content`, `[0]`, or `["odd key"]` for keys that are not identifiers.
 */
export function jsonPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return identifierPattern.test(key)
    ? `${parent}.${key}`
    : `${parent}[${JSON.stringify(key)}]`;
}
