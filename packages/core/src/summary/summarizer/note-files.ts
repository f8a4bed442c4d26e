import { cutText } from '../text/cut-text';
import { extractIdentifierLedger } from '../text/extract-identifier-ledger';
import type { TranscriptBlock } from '../text/parse-transcript';
import { compactInput } from './describe-outcome';
import { firstLine } from './first-line';
import type { SectionedSummaryVocabulary } from './sectioned-summary-vocabulary';

/** What the calls of a transcript did to one path. */
export interface FileNote {
  /** The block of the first call that named the path. */
  readonly order: number;
  /** What the calls did, in order, repeats in a row merged (at most four). */
  readonly actions: string[];
  /** Whether a call edited the path. */
  edited: boolean;
}

/**
 * Records each path a call names in `files`, with what the call did to it:
 * `edited` (with the `sed` expression or the command) when the input writes
 * (`writeCommandPattern`) or the tool's name says it changes something
 * (`actionVerbPattern`), `ran` when the input runs code (`runCommandPattern`),
 * else `viewed`. Paths under `/dev`, `/proc` and `/tmp`, and URLs, are left out.
 */
export function noteFiles(
  block: TranscriptBlock,
  index: number,
  files: Map<string, FileNote>,
  vocabulary: SectionedSummaryVocabulary,
): void {
  const input = block.body;
  // The command line itself: no heredoc body, no quoted scripts or sed expressions.
  const commandLine = compactInput(input)
    .split(' ⏎ ', 1)[0]!
    .replace(/(['"])(?:\\.|(?!\1)[^\\])*\1/g, ' ');
  const paths = extractIdentifierLedger(commandLine, {
    maxPerKind: 8,
  }).paths.filter((path) => !/^\/(?:dev|proc|tmp)\b|^https?:/.test(path));
  if (paths.length === 0) return;
  const edits =
    vocabulary.writeCommandPattern.test(input) ||
    vocabulary.actionVerbPattern.test(block.tool ?? '');
  const sed = /sed\s+-i\S*\s+(?:-e\s+)?(['"])(.*?)\1/.exec(input);
  const action = edits
    ? sed !== null
      ? `edited (sed ${cutText(sed[2]!, 100)})`
      : `edited (${cutText(firstLine(compactInput(input)), 100)})`
    : vocabulary.runCommandPattern.test(input)
      ? 'ran'
      : 'viewed';
  for (const path of paths) {
    const file = files.get(path) ?? {
      order: index,
      actions: [],
      edited: false,
    };
    if (
      file.actions[file.actions.length - 1] !== action &&
      file.actions.length < 4
    )
      file.actions.push(action);
    file.edited ||= edits;
    files.set(path, file);
  }
}
