/**
 * Deep equality of framework message values, as their content hash
 * (`hashValue`) compares them, without serializing: JSON values key by key in
 * any order (a key holding `undefined` counts as absent), `URL`s by href,
 * `Uint8Array`s and `ArrayBuffer`s byte by byte. Identical references are
 * equal at once.
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
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, index) => isSameValue(item, right[index]))
    );
  }
  const leftRecord = left as Record<string, unknown>;
  const rightRecord = right as Record<string, unknown>;
  const leftKeys = Object.keys(leftRecord).filter(
    (key) => leftRecord[key] !== undefined,
  );
  const rightCount = Object.keys(rightRecord).filter(
    (key) => rightRecord[key] !== undefined,
  ).length;
  return (
    leftKeys.length === rightCount &&
    leftKeys.every((key) => isSameValue(leftRecord[key], rightRecord[key]))
  );
}

function toBytes(value: object): Uint8Array | undefined {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return undefined;
}
