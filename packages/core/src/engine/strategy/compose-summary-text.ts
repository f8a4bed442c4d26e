import type { IdentifierLedger } from '../../vocabulary/message/acm-marker';
import { formatOffloadTag } from '../../state/offload/format-offload-tag';
import {
  LEDGER_MAX_CHARS,
  renderLedger,
} from '../../summary/text/render-ledger';

export interface ComposeSummaryTextOptions {
  /** The summarizer's text (or a deterministic stand-in). */
  readonly summary: string;
  /** A one-line note added after the summary (e.g. the plan tools a span used). */
  readonly note?: string;
  /** Facts of the span, rendered after the summary. */
  readonly ledger: IdentifierLedger;
  /** Reload id of the originals. */
  readonly offloadId: string;
  /**
   * Longest rendered ledger (`renderLedger`'s `maxChars`); 0 renders none.
   * @default LEDGER_MAX_CHARS (240)
   */
  readonly ledgerMaxChars?: number;
}

/**
 * The text of every summary ACM writes: the summary, the optional note, the
 * rendered ledger (only the facts the summary does not already hold verbatim,
 * capped) and the offload tag, joined by newlines and skipping empty
 * pieces (the reference joins `summary + "\n" + tag`).
 */
export function composeSummaryText({
  summary,
  note,
  ledger,
  offloadId,
  ledgerMaxChars = LEDGER_MAX_CHARS,
}: ComposeSummaryTextOptions): string {
  return [
    summary,
    note ?? '',
    ledgerMaxChars <= 0
      ? ''
      : renderLedger(ledger, {
          summary: `${summary}\n${note ?? ''}`,
          maxChars: ledgerMaxChars,
        }),
    formatOffloadTag(offloadId),
  ]
    .filter((piece) => piece !== '')
    .join('\n');
}
