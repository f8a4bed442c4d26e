import {
  IDENTIFIERS,
  PATHS,
  UNICODE_SNIPPETS,
  WORDS,
  codeLine,
} from './content-vocabulary';
import type { Random } from './create-random';
import { between, pick } from './create-random';

// Large payloads: a recognisable head, a long middle, a recognisable tail.

/**
 * A text of `length` characters or a little more: a head (command, header), a
 * middle of numbered lines (some unicode) and a tail (summary, failure), like
 * a test log, a file dump or a build log.
 */
export function largeText(random: Random, length: number): string {
  const flavour = between(random, 0, 2);
  const head =
    flavour === 0
      ? `$ python -m pytest tests/ -q\n============================= test session starts ==============================\nplatform linux -- Python 3.11.4, pytest-7.4.0\ncollected ${between(random, 200, 900)} items\n`
      : flavour === 1
        ? `==> ${pick(random, PATHS)} <==\n// head of file: ${pick(random, IDENTIFIERS)}\n`
        : `[build] ${pick(random, WORDS)} started at 2024-05-15T15:00:00Z\n[build] 构建开始 🚧\n`;
  const tail =
    flavour === 0
      ? `FAILED tests/test_${pick(random, WORDS)}.py::test_${pick(random, IDENTIFIERS)} - AssertionError: expected ${between(random, 1, 9)}, got ${between(random, 10, 99)}\n=================== 1 failed, ${between(random, 100, 800)} passed in ${between(random, 2, 90)}.42s ===================`
      : flavour === 1
        ? `// end of file: export { ${pick(random, IDENTIFIERS)} };`
        : `[build] ERROR in ${pick(random, PATHS)}: Cannot find module '${pick(random, WORDS)}' ❌\n[build] exit code 2`;
  const middle: string[] = [];
  let size = head.length + tail.length;
  for (let line = 1; size < length; line++) {
    const text =
      line % 17 === 0
        ? `${line.toString().padStart(5, '0')} ${pick(random, UNICODE_SNIPPETS)}`
        : `${line.toString().padStart(5, '0')} ${flavour === 0 ? `tests/test_${pick(random, WORDS)}.py::test_case_${line} PASSED` : codeLine(random)}`;
    middle.push(text);
    size += text.length + 1;
  }
  return `${head}${middle.join('\n')}\n${tail}`;
}

/** A JSON value whose serialization has `length` characters or a little more. */
export function largeJson(random: Random, length: number): unknown {
  const items: unknown[] = [];
  let size = 40;
  for (let index = 0; size < length; index++) {
    const item = {
      id: `${pick(random, WORDS)}_${index}`,
      status: pick(random, ['ok', 'failed', 'skipped', 'pending']),
      path: pick(random, PATHS),
      note:
        index % 11 === 0
          ? pick(random, UNICODE_SNIPPETS)
          : `${pick(random, WORDS)} ${pick(random, IDENTIFIERS)}`,
    };
    items.push(item);
    size += JSON.stringify(item).length + 1;
  }
  return { total: items.length, truncated: false, items };
}

/** A large pasted user message (a log or a stack trace). */
export function largeUserText(random: Random, length: number): string {
  return `Here is the full log, please have a look:\n\n${largeText(random, length)}`;
}
