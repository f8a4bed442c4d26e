/** The `k` of reciprocal rank fusion (Cormack et al. 2009). */
export const RECIPROCAL_RANK_FUSION_K = 60;

/**
 * Reciprocal rank fusion: merges ranked lists of ids (best first) into one,
 * scoring each id `Σ 1 / (k + rank)` over the lists it appears in (rank from
 * 1). Ties keep the order of first appearance.
 */
export function fuseRankings(
  rankings: readonly (readonly string[])[],
  k: number = RECIPROCAL_RANK_FUSION_K,
): { readonly id: string; readonly score: number }[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, index) => {
      scores.set(id, (scores.get(id) ?? 0) + 1 / (k + index + 1));
    });
  }
  return [...scores]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score);
}

/** Cosine similarity of two vectors (0 when either is all zeros or their lengths differ). */
export function cosineSimilarity(
  a: readonly number[],
  b: readonly number[],
): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
