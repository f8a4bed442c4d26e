/**
 * Whether a line of text ACM wrote is an identifier list rather than prose
 * or an association: ACM's ledger line (`Facts kept verbatim — …`), a line
 * opened by a list label (`ids:`, `paths:`, `identifiers:`, `numbers:`,
 * `errors:`, `facts:`, `files:`, `keep:`), or any line that, after an
 * optional label of at most 40 characters ending in `:` or `—`, splits on
 * `,` `;` `|` into 4 or more items of which at least 3 in 4 are a single
 * token (no whitespace). A line that ties identifiers together in words
 * ("reservation 4WQ150: flights HAT001 and HAT002 on 2024-05-20") is not a
 * list.
 *
 * The figures that exclude lists remove these lines from ACM-written messages
 * only: an original tool result that happens to be a list is context, not a
 * ledger.
 */
export function isIdentifierListLine(line: string): boolean {
  const trimmed = line.trim().replace(/^[-*•>]\s+/, '');
  if (trimmed === '') return false;
  if (LEDGER_OPENING.test(trimmed)) return true;
  const body = trimmed.replace(LABEL, '');
  const items = body
    .split(/[,;|]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length < 4) return false;
  const single = items.filter((item) => !/\s/.test(item)).length;
  return single * 4 >= items.length * 3;
}

/** A text split into its identifier lists and the rest. */
export interface SplitIdentifierLists {
  /** The text without its identifier lists (lines joined by `\n`). */
  readonly rest: string;
  /** The identifier lists, one a line. */
  readonly lists: readonly string[];
}

/**
 * Splits `text` into identifier-list lines (see `isIdentifierListLine`) and
 * the rest. A ledger that starts inside a line (`… [assistant] Facts kept
 * verbatim — …`, as in a transcript folded into a summary) is cut from its
 * opening to the end of the line.
 */
export function splitIdentifierLists(text: string): SplitIdentifierLists {
  const rest: string[] = [];
  const lists: string[] = [];
  for (const line of text.split('\n')) {
    if (isIdentifierListLine(line)) {
      lists.push(line);
      continue;
    }
    const inner = INNER_LEDGER.exec(line);
    if (inner === null) {
      rest.push(line);
    } else {
      rest.push(line.slice(0, inner.index));
      lists.push(line.slice(inner.index));
    }
  }
  return { rest: rest.join('\n'), lists };
}

const LEDGER_OPENING =
  /^(?:\(?facts kept verbatim\b|(?:ids|identifiers|paths|files|numbers|errors|facts|keep|ledger)\s*[:—-])/i;

const INNER_LEDGER = /facts kept verbatim\s*—/i;

const LABEL = /^[^,;|:—]{0,40}[:—]\s*/;
