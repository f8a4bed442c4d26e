import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resultsDirectory } from './paths';

/**
 * Writes `value` as JSON (indented by two spaces, with a final newline) to
 * bench/results/`fileName`, creating the folder if needed, and returns the
 * file's path.
 */
export function writeResult(fileName: string, value: unknown): string {
  mkdirSync(resultsDirectory, { recursive: true });
  const file = join(resultsDirectory, fileName);
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  return file;
}
