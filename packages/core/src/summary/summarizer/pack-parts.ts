import type { TokenCounter } from '../../state/token/token-counter';
import { createPreview } from '../text/create-preview';
import { cutHead } from '../text/cut-text';
import { formatPartHeader } from '../text/transcript-block-header';
import type { RenderedGroup } from './split-span-into-groups';

/**
 * The transcript of a merge request: the part summaries, oldest first, each
 * under its `[part i of n]` header (`formatPartHeader`), separated by a blank line.
 */
export function renderParts(parts: readonly string[]): string {
  return parts
    .map(
      (part, index) => `${formatPartHeader(index + 1, parts.length)}\n${part}`,
    )
    .join('\n\n');
}

/**
 * Groups part summaries for another merge level. Each part is first cut to half the
 * budget, so that every group holds at least two parts and the levels shrink.
 */
export function packParts(
  parts: readonly string[],
  budget: number,
  counter: TokenCounter,
): RenderedGroup[] {
  const half = Math.floor(budget / 2) - 8;
  const items = parts.map((part) => {
    let text = part;
    let tokens = counter.countText(text);
    while (tokens > half && text.length > 0) {
      const preview = createPreview(
        text,
        Math.floor((text.length * half * 0.9) / tokens),
      );
      text =
        preview.length < text.length
          ? preview
          : cutHead(text, Math.floor(text.length * 0.75));
      tokens = counter.countText(text);
    }
    return { text, tokens };
  });
  const groups: RenderedGroup[] = [];
  let current: string[] = [];
  let tokens = 0;
  for (const item of items) {
    if (current.length >= 2 && tokens + item.tokens + 8 > budget) {
      groups.push({ text: renderParts(current), tokens });
      current = [];
      tokens = 0;
    }
    current.push(item.text);
    tokens += item.tokens + 8;
  }
  if (current.length > 0) groups.push({ text: renderParts(current), tokens });
  return groups;
}
