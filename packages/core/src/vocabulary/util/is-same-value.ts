/**
 * Deep equality of JSON values and of framework message values, as canonical
 * JSON or their content hash (`hashValue`) compares them, without serializing:
 * primitives by `===`, arrays item by item, objects key by key in any order (a
 * key holding `undefined` counts as absent), `URL`s by href, `Uint8Array`s and
 * `ArrayBuffer`s byte by byte. Identical references are equal at once, so
 * comparing a message with itself costs nothing; nothing is allocated for
 * plain JSON.
 */
export function isSameValue(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (
    left === null ||
    right === null ||
    typeof left !== 'object' ||
    typeof right !== 'object'
  ) {
    return false;
  }
  if (left instanceof URL || right instanceof URL) {
    return (
      left instanceof URL && right instanceof URL && left.href === right.href
    );
  }
  const leftBytes = toBytes(left);
  const rightBytes = toBytes(right);
  if (leftBytes !== undefined || rightBytes !== undefined) {
    return (
      leftBytes !== undefined &&
      rightBytes !== undefined &&
      left.constructor === right.constructor &&
      leftBytes.length === rightBytes.length &&
      leftBytes.every((byte, index) => byte === rightBytes[index])
    );
  }
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right)) return false;
    if (left.length !== right.length) return false;
    for (let index = 0; index < left.length; index++) {
      if (!isSameValue(left[index], right[index])) return false;
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
    if (!isSameValue(value, rightRecord[key])) return false;
  }
  let rightCount = 0;
  for (const key of Object.keys(rightRecord)) {
    if (rightRecord[key] !== undefined) rightCount++;
  }
  return leftCount === rightCount;
}

function toBytes(value: object): Uint8Array | undefined {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return undefined;
}
