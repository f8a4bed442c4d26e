/**
 * The summaries an edit names (`keys`), absent ones left out: what
 * `renderReplacement` needs to render that edit.
 */
export function pickSummaries(
  summaries: Readonly<Record<string, string>>,
  keys: readonly string[],
): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const key of keys) {
    const summary = summaries[key];
    if (summary !== undefined) picked[key] = summary;
  }
  return picked;
}
