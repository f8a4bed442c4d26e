import type { Message, Part } from '../../vocabulary/message/message';
import { LEDGER_MAX_CHARS } from '../../summary/text/render-ledger';
import type { PlannedEdit, SummaryPlacement } from './compression-plan';
import { composeSummaryText } from './compose-summary-text';

/**
 * The messages that replace `edit.range`: `edit.replacement` with each
 * summary placed where `edit.placements` says (the part's `text`, or a
 * tool-result part's `output`, becomes `composeSummaryText` of the task's
 * summary, the placement's note and ledger, and the offload tag). An edit
 * without placements is returned as planned. Pure; the engine renders each
 * edit once.
 */
export function renderReplacement(
  edit: PlannedEdit,
  summaries: Readonly<Record<string, string>>,
): readonly Message[] {
  const placements = edit.placements ?? [];
  if (placements.length === 0) return edit.replacement;
  return edit.replacement.map((message, messageIndex) => {
    const own = placements.filter(
      (placement) => placement.message === messageIndex,
    );
    if (own.length === 0) return message;
    const content = message.content.map((part, partIndex): Part => {
      const placement = own.find((candidate) => candidate.part === partIndex);
      if (placement === undefined) return part;
      const text = renderSummaryText(placement, summaries);
      if (part.type === 'text') return { ...part, text };
      if (part.type === 'tool-result') return { ...part, output: text };
      return part;
    });
    return { ...message, content };
  });
}

function renderSummaryText(
  { taskKey, note, ledger, offloadId, targetChars }: SummaryPlacement,
  summaries: Readonly<Record<string, string>>,
): string {
  const summary = summaries[taskKey] ?? '';
  return composeSummaryText({
    summary,
    ...(note === undefined ? {} : { note }),
    ledger,
    offloadId,
    // Sized to the room: the ledger gets what the summary left.
    ...(targetChars === undefined
      ? {}
      : {
          ledgerMaxChars: Math.min(
            LEDGER_MAX_CHARS,
            targetChars - summary.length,
          ),
        }),
  });
}
