import type { IdentifierLedger } from '../../vocabulary/message/acm-marker';
import { cutText } from './cut-text';

/** How every rendered ledger starts; transcripts and previews strip lines that start with it. */
export const LEDGER_PREFIX = 'Facts kept verbatim — ';

/** Longest rendered ledger, prefix included, when no other cap is given. */
export const LEDGER_MAX_CHARS = 240;

/** Longest error line a rendered ledger keeps. */
const MAX_ERROR_CHARS = 100;

export interface RenderLedgerOptions {
  /**
   * The text the ledger goes with (the summary): entries it already holds
   * verbatim are left out, so that a fact is written once.
   * @default ''
   */
  readonly summary?: string;
  /**
   * Longest rendered ledger, prefix included; entries that do not fit are left
   * out (the originals stay behind the reload id).
   * @default LEDGER_MAX_CHARS (240)
   */
  readonly maxChars?: number;
}

/**
 * The ledger as one line to append to a summary: the facts the summary does
 * not already hold verbatim, grouped as they occurred together, e.g.
 * `Facts kept verbatim — AB1234: XY001 2024-05-17 XY002; src/a.py:42; errors: KeyError: 'x'`.
 *
 * With `ledger.groups`, each group (identifiers of one record, tool result or
 * sentence) renders as its missing entries, led by the group's first entry
 * when that one is already in the summary (so the association survives);
 * groups are separated by `; `. Without groups, the kinds render as flat lists
 * (`paths: …; ids: …; numbers: …`). Error lines come last, after `errors:`,
 * separated by ` | `, cut to 100 characters. The line never exceeds
 * `maxChars`; a ledger with nothing left to say renders as `''`.
 */
export function renderLedger(
  ledger: IdentifierLedger,
  { summary = '', maxChars = LEDGER_MAX_CHARS }: RenderLedgerOptions = {},
): string {
  const missing = (entry: string) => !summary.includes(entry);
  const pieces: string[] = [];
  if (ledger.groups !== undefined) {
    for (const group of ledger.groups) {
      const entries = group.filter(missing);
      if (entries.length === 0) continue;
      const anchor = group[0]!;
      pieces.push(
        entries[0] === anchor
          ? entries.join(' ')
          : `${anchor}: ${entries.join(' ')}`,
      );
    }
  } else {
    const kinds: [string, readonly string[]][] = [
      ['paths', ledger.paths],
      ['ids', ledger.identifiers],
      ['numbers', ledger.numbers],
    ];
    for (const [name, entries] of kinds) {
      const kept = entries.filter(missing);
      if (kept.length > 0) pieces.push(`${name}: ${kept.join(', ')}`);
    }
  }
  const errors = ledger.errors
    .filter(missing)
    .map((line) => cutText(line, MAX_ERROR_CHARS));
  return fitPieces(pieces, errors, maxChars);
}

/** Joins as many pieces (then errors) as fit in `maxChars`, prefix included. */
function fitPieces(
  pieces: readonly string[],
  errors: readonly string[],
  maxChars: number,
): string {
  let line = '';
  let length = LEDGER_PREFIX.length;
  for (const piece of pieces) {
    const added = line === '' ? piece.length : piece.length + 2;
    if (length + added > maxChars) break;
    line = line === '' ? piece : `${line}; ${piece}`;
    length += added;
  }
  let errorText = '';
  for (const error of errors) {
    const opening = line === '' ? 'errors: ' : '; errors: ';
    const added =
      errorText === '' ? opening.length + error.length : error.length + 3;
    if (length + added > maxChars) break;
    errorText =
      errorText === '' ? `${opening}${error}` : `${errorText} | ${error}`;
    length += added;
  }
  const body = `${line}${errorText}`;
  return body === '' ? '' : `${LEDGER_PREFIX}${body}`;
}
