/**
 * The seeded PRNG behind the generated content: fast-check draws a seed, and
 * these turn it into the same sequence of choices every time.
 */

/** A deterministic PRNG (mulberry32) returning floats in [0, 1). */
export type Random = () => number;

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<TValue>(
  random: Random,
  values: readonly TValue[],
): TValue {
  return values[Math.floor(random() * values.length)]!;
}

export function between(
  random: Random,
  minimum: number,
  maximum: number,
): number {
  return minimum + Math.floor(random() * (maximum - minimum + 1));
}

/** Fisher–Yates shuffle of a copy of `values`. */
export function shuffle<TValue>(
  random: Random,
  values: readonly TValue[],
): TValue[] {
  const copy = [...values];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}
