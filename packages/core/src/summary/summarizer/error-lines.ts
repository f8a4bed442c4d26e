import {
  createErrorLinePattern,
  isCodeLine,
} from '../text/create-error-line-pattern';
import { firstLine } from './first-line';
import type { SectionedSummaryVocabulary } from './sectioned-summary-vocabulary';

/**
 * The error a block reports, in one line: the last line naming an exception
 * (the end of a traceback), else the first error line; for a failed tool
 * result without one, its first line. Code lines and exit-code tags
 * (`exitCodeLinePattern`) are never the error line.
 */
export function errorLines(
  body: string,
  isError: boolean,
  vocabulary: SectionedSummaryVocabulary,
): string[] {
  let first: string | undefined;
  let named: string | undefined;
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (
      line === '' ||
      isCodeLine(line) ||
      vocabulary.exitCodeLinePattern.test(line)
    )
      continue;
    if (/^Traceback \(most recent call last\)/.test(line)) continue;
    if (!createErrorLinePattern().test(line)) continue;
    first ??= line;
    if (/\w*(?:Error|Exception)\b/.test(line)) named = line;
  }
  const line = named ?? first ?? (isError ? firstLine(body) : '');
  return line === '' ? [] : [line];
}
