import { readSummarySections } from './read-summary-sections';
import type { SummarySection } from './section-headings';
import { SECTION_HEADINGS, SECTION_ORDER } from './section-headings';

/**
 * One summary of a span from the summaries of its consecutive parts (oldest
 * first), made without another request, so that a split span costs one
 * round trip (docs/decisions/2026-11-28-compaction-cost.md). Parts written in
 * sections (the headings of `SECTION_HEADINGS`, as the default prompts and
 * the extractive summarizer write them) are merged section by section in
 * `SECTION_ORDER` under the first part's headings, each line once, parts in
 * order within a section; parts without a known heading are joined as they
 * are, separated by a blank line. Pure.
 */
export function joinPartSummaries(parts: readonly string[]): string {
  const texts = parts.map((part) => part.trim()).filter((part) => part !== '');
  const language = texts.map(findLanguage).find((found) => found !== undefined);
  if (language === undefined) return texts.join('\n\n');
  const headings = SECTION_HEADINGS[language]!;
  const lines = new Map<SummarySection, string[]>();
  const seen = new Set<string>();
  for (const text of texts) {
    for (const [section, line] of readSummarySections(text)) {
      const key = `${section}\n${line}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const list = lines.get(section) ?? [];
      list.push(`- ${line}`);
      lines.set(section, list);
    }
  }
  return SECTION_ORDER.flatMap((section) => {
    const list = lines.get(section);
    return list === undefined
      ? []
      : [`${headings[section]}:\n${list.join('\n')}`];
  }).join('\n');
}

/** The language of the first known section heading of `text`, if any. */
function findLanguage(text: string): string | undefined {
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    for (const [language, headings] of Object.entries(SECTION_HEADINGS)) {
      if (
        SECTION_ORDER.some((section) =>
          line.startsWith(`${headings[section]}:`),
        )
      )
        return language;
    }
  }
  return undefined;
}
