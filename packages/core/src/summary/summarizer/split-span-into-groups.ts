import type { Message } from '../../vocabulary/message/message';
import type { TokenCounter } from '../../state/token/token-counter';
import { renderTranscript } from '../text/render-transcript';

/** A rendered piece of a summary request's transcript, with its size in tokens. */
export interface RenderedGroup {
  readonly text: string;
  readonly tokens: number;
}

/**
 * A span too large for one request as consecutive groups of at most `budget`
 * tokens each: its units (a tool call never separated from its results), each
 * rendered with `renderTranscript` (with shortened parts when the unit alone
 * is too large), packed greedily in order; empty units are left out.
 * `sizeUnit`: a unit's tokens known without tokenizing its transcript (an
 * upper bound from the counter's per-message counts), `undefined` when the
 * unit must be counted.
 */
export function splitSpanIntoGroups(
  messages: readonly Message[],
  budget: number,
  counter: TokenCounter,
  sizeUnit: (unit: readonly Message[]) => number | undefined = () => undefined,
): RenderedGroup[] {
  return packGroups(
    splitIntoUnits(messages).map((unit) =>
      renderUnit(unit, budget, counter, sizeUnit(unit)),
    ),
    budget,
  );
}

/**
 * Consecutive units: an assistant message with tool calls together with the
 * messages right after it that answer those calls; every other message alone.
 */
function splitIntoUnits(messages: readonly Message[]): Message[][] {
  const units: Message[][] = [];
  let index = 0;
  while (index < messages.length) {
    const message = messages[index]!;
    index += 1;
    const pending = new Set<string>();
    for (const part of message.content) {
      if (part.type === 'tool-call') pending.add(part.toolCallId);
    }
    const unit = [message];
    while (pending.size > 0 && index < messages.length) {
      const next = messages[index]!;
      const answers = next.content.filter(
        (part) => part.type === 'tool-result' && pending.has(part.toolCallId),
      );
      if (answers.length === 0) break;
      for (const part of answers) {
        if (part.type === 'tool-result') pending.delete(part.toolCallId);
      }
      unit.push(next);
      index += 1;
    }
    units.push(unit);
  }
  return units;
}

/** Renders a unit, shortening its parts until it fits `budget` (or they are empty). */
function renderUnit(
  unit: readonly Message[],
  budget: number,
  counter: TokenCounter,
  known: number | undefined,
): RenderedGroup {
  let text = renderTranscript(unit);
  if (known !== undefined && known <= budget) return { text, tokens: known };
  let tokens = counter.countText(text);
  if (tokens <= budget) return { text, tokens };
  const partCount = unit.reduce(
    (sum, message) => sum + message.content.length,
    0,
  );
  let maxPartChars = Math.floor(text.length / Math.max(1, partCount));
  for (
    let attempt = 0;
    attempt < 32 && tokens > budget && maxPartChars > 0;
    attempt += 1
  ) {
    maxPartChars = Math.floor((maxPartChars * budget * 0.9) / tokens);
    text = renderTranscript(unit, { maxPartChars });
    tokens = counter.countText(text);
  }
  return { text, tokens };
}

/** Packs rendered units greedily into consecutive groups of at most `budget` tokens. */
function packGroups(
  units: readonly RenderedGroup[],
  budget: number,
): RenderedGroup[] {
  const groups: RenderedGroup[] = [];
  let texts: string[] = [];
  let tokens = 0;
  for (const unit of units) {
    if (unit.text === '') continue;
    const added = texts.length === 0 ? unit.tokens : unit.tokens + 1;
    if (texts.length > 0 && tokens + added > budget) {
      groups.push({ text: texts.join('\n\n'), tokens });
      texts = [];
      tokens = 0;
    }
    tokens += texts.length === 0 ? unit.tokens : unit.tokens + 1;
    texts.push(unit.text);
  }
  if (texts.length > 0) groups.push({ text: texts.join('\n\n'), tokens });
  return groups;
}
