import { LEDGER_PREFIX } from './render-ledger';
import { stripOffloadTags } from '../../state/offload/strip-offload-tags';

/** A ledger line ACM appended to a summary (any generation, any format). */
const LEDGER_LINE = new RegExp(String.raw`^[ \t]*${LEDGER_PREFIX}.*$`, 'gm');

/**
 * Header lines the folding strategies put before their content:
 * `Folded 12 messages.`, `Earlier conversation (folded to fit the context
 * budget)`, `Summary of the earlier conversation`.
 */
const FOLD_HEADER_LINE =
  /^[ \t]*(?:Folded \d+ messages?\.?|Earlier conversation \(folded[^)\n]*\)\.?|Summary of the earlier conversation\.?)[ \t]*$/gm;

/** ANSI colour and cursor escapes (`\u001b[31m`): terminal noise, never content. */
// eslint-disable-next-line no-control-regex -- the escape character is what it matches
const ANSI_ESCAPE = /\u001b\[[0-9;?]*[A-Za-z]/g;

/**
 * Removes what ACM itself wrote into a text so that it is not previewed,
 * summarized or mined a second time: offload tags, identifier-ledger lines
 * (`Facts kept verbatim — …`), fold headers (`Folded 12 messages.`) and ANSI
 * escapes. Runs of blank lines left behind collapse to one; the text is trimmed.
 * Text without any of them is returned unchanged.
 */
export function stripAcmArtifacts(text: string): string {
  const stripped = stripOffloadTags(text)
    .replace(LEDGER_LINE, '')
    .replace(FOLD_HEADER_LINE, '')
    .replace(ANSI_ESCAPE, '');
  if (stripped === text) return text;
  return stripped.replace(/\n[ \t]*(?:\n[ \t]*)+/g, '\n\n').trim();
}
