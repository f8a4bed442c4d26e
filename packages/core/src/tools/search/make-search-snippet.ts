/** An excerpt of at most `max` characters around the window holding the most distinct query terms. */
export function makeSearchSnippet(
  text: string,
  terms: readonly string[],
  max: number,
): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const lower = flat.toLowerCase();
  const positions: { at: number; term: number }[] = [];
  terms.forEach((term, termIndex) => {
    let from = 0;
    for (let found = 0; found < 50; found++) {
      const at = lower.indexOf(term, from);
      if (at < 0) break;
      positions.push({ at, term: termIndex });
      from = at + term.length;
    }
  });
  let start = 0;
  if (positions.length > 0) {
    // Windows start `max / 3` before each position, in increasing order, so
    // their starts and ends only grow: a position is inside from the first
    // window ending after it until the first window starting after it. Two
    // sweeps keep the count of distinct terms inside, O(P log P) in all.
    positions.sort((a, b) => a.at - b.at);
    const ends = positions.map((p, order) => ({
      end: p.at + terms[p.term]!.length,
      order,
    }));
    ends.sort((a, b) => a.end - b.end || a.order - b.order);
    const state = new Uint8Array(positions.length); // 1 inside, 2 gone
    const counts = new Array<number>(terms.length).fill(0);
    let covered = 0;
    let entered = 0;
    let left = 0;
    let best = -1;
    for (const { at } of positions) {
      const windowStart = Math.max(0, at - Math.floor(max / 3));
      const windowEnd = windowStart + max - 2;
      while (left < positions.length && positions[left]!.at < windowStart) {
        const term = positions[left]!.term;
        if (state[left] === 1 && --counts[term]! === 0) covered--;
        state[left++] = 2;
      }
      while (entered < ends.length && ends[entered]!.end <= windowEnd) {
        const order = ends[entered++]!.order;
        if (state[order] === 2) continue;
        state[order] = 1;
        if (counts[positions[order]!.term]!++ === 0) covered++;
      }
      if (covered > best) {
        best = covered;
        start = windowStart;
      }
    }
  }
  start = Math.min(start, Math.max(0, flat.length - (max - 2)));
  const end = Math.min(flat.length, start + max - 2);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}
