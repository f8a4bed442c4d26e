/**
 * The input tokens a provider reported, from the usage shapes of the
 * frameworks ACM supports: `{ inputTokens: number }` (AI SDK
 * `LanguageModelUsage`, `@acm/agent`), `{ inputTokens: { total } }` (AI SDK
 * provider spec V3 / V4) and `{ input_tokens }` (LangChain
 * `usage_metadata`). `undefined` when none is reported.
 */
export function readProviderInputTokens(usage: unknown): number | undefined {
  if (usage === null || typeof usage !== 'object') return undefined;
  const record = usage as { inputTokens?: unknown; input_tokens?: unknown };
  const inputTokens = record.inputTokens ?? record.input_tokens;
  const total =
    inputTokens !== null && typeof inputTokens === 'object'
      ? (inputTokens as { total?: unknown }).total
      : inputTokens;
  return typeof total === 'number' && Number.isFinite(total) && total >= 0
    ? total
    : undefined;
}
