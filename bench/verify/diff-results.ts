/**
 * Compares two result files of a bench script field by field, leaving out what
 * measures time or the machine (keys such as `seconds`, `…Ms…`, `loadAverage…`),
 * and prints every other difference. Used to show that a refactoring is
 * behaviour-identical: `0 differences` on the quality and cost outputs.
 *
 *   cd bench && npx tsx verify/diff-results.ts BEFORE.json AFTER.json
 */
import { readFileSync } from 'node:fs';

const TIMING_KEY =
  /^(seconds|durationSeconds|machine|command|startedAt|date|label)$|Ms($|Median|Mean|P\d+)|^ms|[Ss]econds$|loadAverage|^heap|^rss|[Tt]hroughput/;

const [beforePath, afterPath] = process.argv.slice(2);
if (beforePath === undefined || afterPath === undefined) {
  console.error('usage: tsx verify/diff-results.ts BEFORE.json AFTER.json');
  process.exit(2);
}
const read = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

const differences: string[] = [];
function compare(before: unknown, after: unknown, path: string): void {
  if (
    typeof before === 'object' &&
    before !== null &&
    typeof after === 'object' &&
    after !== null
  ) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys) {
      if (TIMING_KEY.test(key)) continue;
      compare(
        (before as Record<string, unknown>)[key],
        (after as Record<string, unknown>)[key],
        `${path}.${key}`,
      );
    }
    return;
  }
  if (before !== after)
    differences.push(
      `${path}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
    );
}

compare(read(beforePath), read(afterPath), '');
for (const line of differences.slice(0, 50)) console.log(line);
console.log(`${differences.length} differences`);
