/**
 * The input tokens a provider reported, from the usage of any major:
 * `{ inputTokens: number }` (V2, `LanguageModelUsage`) or
 * `{ inputTokens: { total } }` (V3, V4). `undefined` when not reported.
 */
export function readInputTokens(usage: unknown): number | undefined {
  if (usage === null || typeof usage !== 'object') return undefined;
  const inputTokens = (usage as { inputTokens?: unknown }).inputTokens;
  const total =
    inputTokens !== null && typeof inputTokens === 'object'
      ? (inputTokens as { total?: unknown }).total
      : inputTokens;
  return typeof total === 'number' && Number.isFinite(total) && total >= 0
    ? total
    : undefined;
}
