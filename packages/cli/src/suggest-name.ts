/**
 * The candidate closest to `input` by edit distance (Levenshtein), when it is
 * close enough to be a likely typo: at most 2 edits, or a third of the
 * candidate's length for long names; or a candidate `input` is a prefix of.
 * @returns the suggestion, or `undefined` when nothing is close.
 */
export function suggestName(
  input: string,
  candidates: readonly string[],
): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(input, candidate);
    const allowed = Math.max(2, Math.floor(candidate.length / 3));
    if (distance <= allowed && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined) return best;
  const prefixed = candidates.filter(
    (candidate) => input.length >= 3 && candidate.startsWith(input),
  );
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

/** Levenshtein distance: insertions, deletions and substitutions, each 1. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}
