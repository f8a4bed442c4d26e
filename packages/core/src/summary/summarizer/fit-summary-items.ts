import { cutText } from '../text/cut-text';
import type { SummaryItem } from './collect-summary-items';
import type { SummarySection } from './section-headings';
import { SECTION_ORDER } from './section-headings';

/**
 * Picks items by priority (the later of equal ones first) until `maxChars` is
 * spent, counting each section's heading once, and prints them by section in
 * `SECTION_ORDER`, each section's items in transcript order. An item that does
 * not fit whole is cut when 40 characters or more of it fit.
 */
export function fitSummaryItems(
  items: readonly SummaryItem[],
  headings: Readonly<Record<SummarySection, string>>,
  maxChars: number,
): string {
  const ranked = items
    .map((item, position) => ({ item, position }))
    .sort(
      (left, right) =>
        right.item.priority - left.item.priority ||
        right.position - left.position,
    );
  const chosen = new Map<number, string>();
  const opened = new Set<SummarySection>();
  let length = 0;
  for (const { item, position } of ranked) {
    const headingCost = opened.has(item.section)
      ? 0
      : headings[item.section].length + 2 + (opened.size === 0 ? 0 : 1);
    const room = maxChars - length - headingCost - 3;
    // An item that does not fit whole is cut when a useful part of it fits.
    const text =
      item.text.length <= room
        ? item.text
        : room >= 40
          ? cutText(item.text, room)
          : '';
    if (text === '') continue;
    chosen.set(position, text);
    opened.add(item.section);
    length += headingCost + text.length + 3;
  }
  const sections: string[] = [];
  for (const section of SECTION_ORDER) {
    const lines = items
      .map((item, position) => ({ item, position }))
      .filter(
        ({ item, position }) =>
          item.section === section && chosen.has(position),
      )
      .sort(
        (left, right) =>
          left.item.order - right.item.order || left.position - right.position,
      )
      .map(({ position }) => `- ${chosen.get(position)!}`);
    if (lines.length > 0)
      sections.push(`${headings[section]}:\n${lines.join('\n')}`);
  }
  return sections.join('\n');
}
