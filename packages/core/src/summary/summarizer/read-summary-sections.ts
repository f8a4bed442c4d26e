import { stripAcmArtifacts } from '../text/strip-acm-artifacts';
import type { SummarySection } from './section-headings';
import { SECTION_HEADINGS, SECTION_ORDER } from './section-headings';

/**
 * Lines of an earlier summary (as `writeSectionedSummary` writes it, in any
 * language of `SECTION_HEADINGS`), each in the section its heading names (no
 * heading: progress), without their bullets.
 */
export function readSummarySections(body: string): [SummarySection, string][] {
  const lines: [SummarySection, string][] = [];
  let section: SummarySection = 'progress';
  for (const raw of stripAcmArtifacts(body).split('\n')) {
    const line = raw.trim();
    if (line === '' || line === '…') continue;
    const heading = findHeading(line);
    if (heading !== undefined) {
      section = heading.section;
      if (heading.rest !== '') lines.push([section, heading.rest]);
      continue;
    }
    lines.push([section, line.replace(/^[-•]\s+/, '')]);
  }
  return lines;
}

function findHeading(
  line: string,
): { section: SummarySection; rest: string } | undefined {
  for (const headings of Object.values(SECTION_HEADINGS)) {
    for (const section of SECTION_ORDER) {
      const heading = `${headings[section]}:`;
      if (line.startsWith(heading))
        return { section, rest: line.slice(heading.length).trim() };
    }
  }
  return undefined;
}
