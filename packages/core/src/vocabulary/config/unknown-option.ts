import { InvalidConfigError } from '../error/invalid-config-error';

/**
 * The error for an option nobody knows: `<prefix><key>`, with the closest
 * known name as a suggestion (case-insensitive, at most 2 edits away) and the
 * list of known options.
 */
export function unknownOption(
  key: string,
  value: unknown,
  known: readonly string[],
  prefix: string,
): InvalidConfigError {
  const suggestion = closestName(key, known);
  return new InvalidConfigError({
    parameter: `${prefix}${key}`,
    value,
    message:
      `unknown option` +
      (suggestion === undefined
        ? ''
        : `; did you mean ${prefix}${suggestion}?`) +
      ` Known options: ${known.join(', ')}`,
  });
}

/**
 * Checks that every key of `record` is one of `known`, entry by entry in
 * order, and hands each checked entry to `visit` before the next key is
 * checked (so a bad value before an unknown key is the error reported).
 * @throws {InvalidConfigError} `unknownOption(key, value, known, prefix)` at
 * the first unknown key.
 */
export function checkKnownEntries(
  record: Record<string, unknown>,
  known: readonly string[],
  prefix: string,
  visit?: (key: string, value: unknown) => void,
): void {
  for (const [key, value] of Object.entries(record)) {
    if (!known.includes(key)) throw unknownOption(key, value, known, prefix);
    visit?.(key, value);
  }
}

/** The known name closest to `key` (case-insensitive, at most 2 edits away), if any. */
function closestName(
  key: string,
  known: readonly string[],
): string | undefined {
  const lower = key.toLowerCase();
  let best: string | undefined;
  let bestDistance = 3;
  for (const name of known) {
    const distance = editDistance(lower, name.toLowerCase());
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= right.length; column += 1) {
      const substitution =
        (previous[column - 1] ?? 0) +
        (left[row - 1] === right[column - 1] ? 0 : 1);
      current.push(
        Math.min(
          (previous[column] ?? 0) + 1,
          (current[column - 1] ?? 0) + 1,
          substitution,
        ),
      );
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
}
