/**
 * The search tokenizer's cost on crafted input against ordinary text (issue
 * #24 item 7): `tokenizeForSearch` (records, queries and `context_search` all
 * use it) and a full-text index `add` over the same text, each input of the
 * same size.
 *
 * Ordinary text: the shared SWE and tau message texts (tool outputs, tool-call
 * inputs, replies), in data order, cut to the size. Crafted inputs, each of
 * the same size: long runs of the joiners `_ - . @ #` inside a token (the trim
 * regex before issue #24 backtracked on them: O(n²)), many such tokens, one
 * huge joined id of one-letter parts, one huge word, numeric-date lookalikes.
 *
 * Figure: median time of each crafted input ÷ median time of ordinary text, at
 * each size (goal at 1 MB: every ratio ≤ 2). Median of `--runs` runs (default
 * 5; a run is one call over the whole input). An input whose first run takes
 * longer than `--cap-ms` (default 20 000) is not run again at larger sizes (the
 * figure says "capped"). The load average is recorded: every time scales with it.
 *
 *   cd bench && npx tsx --conditions=@acm/source lifecycle/tokenizer-linearity.ts [--sizes 65536,1048576] [--runs 5] [--cap-ms 20000] [--out FILE]
 *
 * Writes bench/results/tokenizer-linearity.json (or --out).
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createFullTextIndex, tokenizeForSearch } from '@acm/core/long-term';
import { loadSharedConversationsAsCore } from '@acm/core/testing';
import type { Message } from '@acm/core';
import { median } from '../lib/stats';
import { writeResult } from '../lib/write-result';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '65536,262144,1048576' },
    runs: { type: 'string', default: '5' },
    'cap-ms': { type: 'string', default: '20000' },
    out: { type: 'string' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const runs = Number(values.runs);
const capMs = Number(values['cap-ms']);

/** Every text of a message a search indexes, in order. */
function textsOf(message: Message): string[] {
  return message.content.flatMap((part) => {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        return [part.text];
      case 'tool-call':
        return [JSON.stringify(part.input)];
      case 'tool-result':
        return [
          typeof part.output === 'string'
            ? part.output
            : JSON.stringify(part.output),
        ];
      case 'file':
        return [];
    }
  });
}

const largest = Math.max(...sizes);
let ordinarySource = '';
for (const conversation of loadSharedConversationsAsCore()) {
  for (const message of conversation.messages) {
    for (const text of textsOf(message)) ordinarySource += `${text}\n`;
  }
  if (ordinarySource.length >= largest) break;
}

/** `unit` repeated to exactly `size` characters. */
const fill = (unit: string, size: number) =>
  unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

const inputs: Record<string, (size: number) => string> = {
  ordinary: (size) => ordinarySource.slice(0, size),
  // One token: a letter, a joiner run of the whole size, a letter.
  'one joiner run': (size) => `q${fill('_-.@#', size - 2)}q`,
  // Tokens of 4 KB, each a joiner run between two letters.
  'joiner runs of 4 KB': (size) => fill(`x${'_'.repeat(4094)}x `, size),
  // A joiner run that ends the text (the trim's end anchor).
  'joiner run at the end': (size) => `q${fill('.', size - 1)}`,
  // One joined id of one-letter parts: x.x.x…
  'one joined id': (size) => fill('x.', size),
  // One word of letters only.
  'one word': (size) => fill('a', size),
  // Numeric-date lookalikes: 1.2.1.2… and 12/12/12/…
  'date lookalikes': (size) => fill('1.2.1/12/', size),
};

interface Measure {
  readonly medianMs: number | null;
  readonly capped: boolean;
  readonly terms: number | null;
}

function time(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

function measure(operation: (text: string) => unknown, text: string): Measure {
  const first = time(() => operation(text));
  if (first > capMs) return { medianMs: null, capped: true, terms: null };
  const times = [first];
  for (let run = 1; run < runs; run++) times.push(time(() => operation(text)));
  return {
    medianMs: median(times),
    capped: false,
    terms: tokenizeForSearch(text).length,
  };
}

const operations: Record<string, (text: string) => unknown> = {
  tokenizeForSearch: (text) => tokenizeForSearch(text),
  'index add': (text) => createFullTextIndex().add('d', text),
};

const loadAverageAtStart = loadavg();
const capped = new Set<string>();
const bySize: Record<
  number,
  Record<string, Record<string, Measure & { overOrdinary: number | null }>>
> = {};
for (const size of sizes) {
  bySize[size] = {};
  for (const [operationName, operation] of Object.entries(operations)) {
    const rows: Record<string, Measure & { overOrdinary: number | null }> = {};
    let ordinaryMs = Number.NaN;
    for (const [inputName, make] of Object.entries(inputs)) {
      const key = `${operationName} / ${inputName}`;
      let result: Measure;
      if (capped.has(key)) {
        result = { medianMs: null, capped: true, terms: null };
      } else {
        result = measure(operation, make(size));
        if (result.capped) capped.add(key);
      }
      if (inputName === 'ordinary') ordinaryMs = result.medianMs ?? Number.NaN;
      rows[inputName] = {
        ...result,
        overOrdinary:
          result.medianMs === null ? null : result.medianMs / ordinaryMs,
      };
      const figure =
        result.medianMs === null
          ? `> ${capMs} ms (capped)`
          : `${result.medianMs.toFixed(1)} ms, ${rows[inputName].overOrdinary!.toFixed(2)}× ordinary, ${result.terms} terms`;
      console.log(`${size} chars  ${key}: ${figure}`);
    }
    bySize[size][operationName] = rows;
  }
}

const worst = (size: number, operationName: string) => {
  const rows = Object.entries(bySize[size]![operationName]!).filter(
    ([name]) => name !== 'ordinary',
  );
  if (rows.some(([, row]) => row.capped)) return null;
  return Math.max(...rows.map(([, row]) => row.overOrdinary!));
};
const summary = Object.fromEntries(
  sizes.map((size) => [
    size,
    Object.fromEntries(
      Object.keys(operations).map((name) => [name, worst(size, name)]),
    ),
  ]),
);
console.log('\nworst crafted ÷ ordinary (goal at 1 MB: ≤ 2; null: capped)');
for (const size of sizes) {
  console.log(`  ${size} chars: ${JSON.stringify(summary[size])}`);
}

const result = {
  command: `lifecycle/tokenizer-linearity.ts --sizes ${values.sizes} --runs ${runs} --cap-ms ${capMs}`,
  date: new Date().toISOString(),
  loadAverageAtStart,
  loadAverageAtEnd: loadavg(),
  runs,
  capMs,
  worstCraftedOverOrdinary: summary,
  bySize,
};
if (values.out === undefined) {
  console.log(`wrote ${writeResult('tokenizer-linearity.json', result)}`);
} else {
  writeFileSync(values.out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${values.out}`);
}
