/**
 * Deep equality of JSON values, as canonical JSON would compare them: same
 * primitives, arrays item by item, objects key by key in any order, and a key
 * holding `undefined` counts as absent. Identical references are equal at once,
 * so comparing a message with itself costs nothing.
 */
export function isJsonEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (
    left === null ||
    right === null ||
    typeof left !== 'object' ||
    typeof right !== 'object'
  ) {
    return false;
  }
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right)) return false;
    if (left.length !== right.length) return false;
    for (let index = 0; index < left.length; index++) {
      if (!isJsonEqual(left[index], right[index])) return false;
    }
    return true;
  }
  const leftRecord = left as Record<string, unknown>;
  const rightRecord = right as Record<string, unknown>;
  let leftCount = 0;
  for (const key of Object.keys(leftRecord)) {
    const value = leftRecord[key];
    if (value === undefined) continue;
    leftCount++;
    if (!Object.hasOwn(rightRecord, key)) return false;
    if (!isJsonEqual(value, rightRecord[key])) return false;
  }
  let rightCount = 0;
  for (const key of Object.keys(rightRecord)) {
    if (rightRecord[key] !== undefined) rightCount++;
  }
  return leftCount === rightCount;
}
