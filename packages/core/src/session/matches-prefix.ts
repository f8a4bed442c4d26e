/**
 * Whether a list of `length` continues a prefix of `prefixLength`, checking
 * its first position and the last `sampleSize` positions of the prefix only
 * (O(sampleSize), not O(history)): `matches(index)` compares the list's
 * message at `index` with the prefix's.
 */
export function matchesPrefix(
  length: number,
  prefixLength: number,
  sampleSize: number,
  matches: (index: number) => boolean,
): boolean {
  if (prefixLength === 0 || length < prefixLength) return false;
  if (!matches(0)) return false;
  for (
    let index = prefixLength - 1;
    index >= Math.max(1, prefixLength - sampleSize);
    index--
  ) {
    if (!matches(index)) return false;
  }
  return true;
}
