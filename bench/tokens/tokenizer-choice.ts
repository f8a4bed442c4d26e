/**
 * Which exact o200k tokenizer should be the default (issue #13.2)? Compares
 * js-tiktoken (`js-tiktoken/lite` + the o200k_base ranks) with gpt-tokenizer
 * (`gpt-tokenizer/encoding/o200k_base`) on every text of the shared data:
 *
 * (a) identical counts on every text the counter tokenizes (message texts,
 *     tool inputs and outputs, tool names, call ids, roles);
 * (b) cold load in a fresh process (import + build + first count), median of 3;
 * (c) heap and RSS a loaded tokenizer keeps (fresh process, after GC);
 * (d) counting throughput over all texts, median of 3;
 * (e) @acm/core's default counter in a fresh process: time to the first exact
 *     count, median of 3 (goal ≤ 1.5 s), and the cost of each additional
 *     memory built with the default counter (goal ≤ 50 KB heap and ≤ 1 ms each;
 *     100 memories ≤ 5 MB and ≤ 100 ms).
 *
 * Run: cd bench && npx tsx --conditions=@acm/source tokens/tokenizer-choice.ts
 * Writes bench/results/tokenizer-choice.json.
 */
import { loadavg } from 'node:os';
import { stringifyToolOutput } from '@acm/core';
import type { Message } from '@acm/core';
import { loadSharedConversations } from '@acm/core/testing';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import { fromSharedMessages } from '../lib/from-shared-messages';
import { sharedDataDirectory } from '../lib/paths';
import { runFreshProcess } from '../lib/run-fresh-process';
import { writeResult } from '../lib/write-result';

const RUNS = 3;

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

// Every string the default counter tokenizes, from every message of the data.
function textsOf(message: Message): string[] {
  const texts: string[] = [message.role];
  if (message.name !== undefined) texts.push(message.name);
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        texts.push(part.text);
        break;
      case 'tool-call':
        texts.push(
          part.toolName,
          part.toolCallId,
          stringifyToolOutput(part.input),
        );
        break;
      case 'tool-result':
        texts.push(
          part.toolName,
          part.toolCallId,
          stringifyToolOutput(part.output),
        );
        break;
      case 'file':
        break;
    }
  }
  return texts;
}

const messages: Message[] = [];
for (const dataset of ['swe', 'tau'] as const) {
  for (const record of loadSharedConversations({
    dataset,
    dataDir: sharedDataDirectory,
  })) {
    try {
      messages.push(
        ...fromSharedMessages(record.messages, {
          generateId: (index) => `${record.id}-${index}`,
        }),
      );
    } catch {
      // a conversation the converter rejects is left out of both sides
    }
  }
}
const texts = [...new Set(messages.flatMap(textsOf))].filter(
  (text) => text.length > 0,
);
const bytes = texts.reduce(
  (sum, text) => sum + Buffer.byteLength(text, 'utf8'),
  0,
);
console.log(
  `${texts.length} distinct texts (${(bytes / 1e6).toFixed(2)} MB UTF-8) from ${messages.length} messages in ${sharedDataDirectory}`,
);

// (a) identical counts ----------------------------------------------------------
const plainText = { disallowedSpecial: new Set<string>() };
const jsTiktoken = new Tiktoken(o200kBase);
const countJs = (text: string) => jsTiktoken.encode(text, [], []).length;
const countGpt = (text: string) => countTokens(text, plainText);
let mismatches = 0;
const mismatchExamples: string[] = [];
let totalTokens = 0;
for (const text of texts) {
  const js = countJs(text);
  const gpt = countGpt(text);
  totalTokens += js;
  if (js !== gpt) {
    mismatches += 1;
    if (mismatchExamples.length < 5)
      mismatchExamples.push(
        `${JSON.stringify(text.slice(0, 60))}: ${js} vs ${gpt}`,
      );
  }
}
console.log(
  `\n(a) identical o200k counts: ${texts.length - mismatches} of ${texts.length} texts (${totalTokens} tokens); mismatches ${mismatches}`,
);
for (const example of mismatchExamples) console.log(`    ${example}`);

// (b)+(c) cold load and heap in a fresh process ------------------------------------
const loaders = {
  'js-tiktoken': `
    const { Tiktoken } = await import('js-tiktoken/lite');
    const { default: ranks } = await import('js-tiktoken/ranks/o200k_base');
    const encoder = new Tiktoken(ranks);
    count = encoder.encode('Hello World', [], []).length;
    keep = encoder;`,
  'gpt-tokenizer': `
    const api = await import('gpt-tokenizer/encoding/o200k_base');
    count = api.countTokens('Hello World', { disallowedSpecial: new Set() });
    keep = api;`,
} as const;

interface ColdRun {
  readonly loadMs: number;
  readonly heapMB: number;
  readonly rssMB: number;
}

function coldRun(body: string): ColdRun {
  const script = `
    let count; let keep;
    globalThis.gc(); const heap0 = process.memoryUsage().heapUsed; const rss0 = process.memoryUsage().rss;
    const start = performance.now();
    ${body}
    const loadMs = performance.now() - start;
    if (count !== 2) throw new Error('unexpected count ' + count);
    globalThis.gc(); globalThis.gc();
    const memory = process.memoryUsage();
    console.log(JSON.stringify({ loadMs, heapMB: (memory.heapUsed - heap0) / 1e6, rssMB: (memory.rss - rss0) / 1e6, keep: typeof keep }));`;
  const { loadMs, heapMB, rssMB } = runFreshProcess<ColdRun>(script, {
    exposeGc: true,
    sources: false,
  });
  return { loadMs, heapMB, rssMB };
}

const cold: Record<
  string,
  { loadMsRuns: number[]; loadMs: number; heapMB: number; rssMB: number }
> = {};
console.log(
  `\n(b) cold load in a fresh process (import + build + first count), ${RUNS} runs; (c) heap / RSS kept after GC`,
);
for (const [name, body] of Object.entries(loaders)) {
  const runs = Array.from({ length: RUNS }, () => coldRun(body));
  cold[name] = {
    loadMsRuns: runs.map((run) => round(run.loadMs)),
    loadMs: round(median(runs.map((run) => run.loadMs))),
    heapMB: round(median(runs.map((run) => run.heapMB))),
    rssMB: round(median(runs.map((run) => run.rssMB))),
  };
  console.log(
    `  ${name.padEnd(14)} load median ${cold[name].loadMs} ms (${cold[name].loadMsRuns.join(' / ')}), heap +${cold[name].heapMB} MB, RSS +${cold[name].rssMB} MB`,
  );
}

// (d) throughput ---------------------------------------------------------------
function throughput(count: (text: string) => number): {
  megabytesPerSecond: number;
  seconds: number;
} {
  const seconds: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    let tokens = 0;
    for (const text of texts) tokens += count(text);
    seconds.push((performance.now() - start) / 1000);
    if (tokens !== totalTokens && count === countJs)
      throw new Error('token total changed');
  }
  const best = median(seconds);
  return {
    megabytesPerSecond: round(bytes / 1e6 / best, 2),
    seconds: round(best, 3),
  };
}
const speed = {
  'js-tiktoken': throughput(countJs),
  'gpt-tokenizer': throughput(countGpt),
};
console.log(`\n(d) counting throughput over all texts, median of ${RUNS}`);
for (const [name, result] of Object.entries(speed)) {
  console.log(
    `  ${name.padEnd(14)} ${result.megabytesPerSecond} MB/s (${result.seconds} s)`,
  );
}

// (e) @acm/core's default counter ---------------------------------------------------
// A fresh process through tsx on the TypeScript sources; `sinceStartMs` includes
// Node's and tsx's start-up, `firstCountMs` is the first countText call alone.
const firstCountScript = `
  const start = performance.now();
  const { createTiktokenTokenCounter } = await import('@acm/core');
  const imported = performance.now();
  const counter = createTiktokenTokenCounter();
  const count = counter.countText('Hello World');
  const done = performance.now();
  if (count !== 2) throw new Error('unexpected count ' + count);
  console.log(JSON.stringify({ importMs: imported - start, firstCountMs: done - imported, sinceStartMs: done }));`;
function firstCountRun(): {
  importMs: number;
  firstCountMs: number;
  sinceStartMs: number;
} {
  return runFreshProcess(firstCountScript, { exposeGc: false, sources: true });
}
const firstRuns = Array.from({ length: RUNS }, firstCountRun);
const firstCount = {
  firstCountMsRuns: firstRuns.map((run) => round(run.firstCountMs)),
  firstCountMs: round(median(firstRuns.map((run) => run.firstCountMs))),
  importMs: round(median(firstRuns.map((run) => run.importMs))),
  sinceProcessStartMs: round(median(firstRuns.map((run) => run.sinceStartMs))),
  goalMs: 1500,
  /** The machine's load average when measured: the figures scale with it. */
  loadAverage: loadavg().map((value) => round(value, 2)),
};
console.log(`\n(e) @acm/core default counter, fresh process, ${RUNS} runs`);
console.log(
  `  first exact count (loads the tokenizer): median ${firstCount.firstCountMs} ms (${firstCount.firstCountMsRuns.join(' / ')}) (goal ≤ ${firstCount.goalMs} ms: ${firstCount.firstCountMs <= firstCount.goalMs ? 'met' : 'NOT met'}); ` +
    `import of @acm/core from TypeScript sources through tsx ${firstCount.importMs} ms; since process start ${firstCount.sinceProcessStartMs} ms`,
);

const MEMORIES = 100;
const perMemoryScript = `
  const { createAutoContextMemory, warmUp } = await import('@acm/core');
  await warmUp();
  const message = (id) => ({ id, role: 'user', content: [{ type: 'text', text: 'Please fix the failing test in src/index.ts ' + id }] });
  // One memory first so that code paths and the shared encoder are warm.
  const first = createAutoContextMemory({ sessionId: 'warm' });
  await first.addMessage(message('w'));
  first.countTokens();
  const memories = [first];
  globalThis.gc(); globalThis.gc();
  const heap0 = process.memoryUsage().heapUsed;
  const start = performance.now();
  for (let index = 0; index < ${MEMORIES}; index += 1) {
    const memory = createAutoContextMemory({ sessionId: 's' + index });
    await memory.addMessage(message('m' + index));
    if (memory.countTokens() <= 0) throw new Error('no count');
    memories.push(memory);
  }
  const ms = performance.now() - start;
  globalThis.gc(); globalThis.gc();
  const heapBytes = process.memoryUsage().heapUsed - heap0;
  console.log(JSON.stringify({ ms, heapBytes, kept: memories.length }));`;
function perMemoryRun(): { ms: number; heapBytes: number } {
  return runFreshProcess<{ ms: number; heapBytes: number }>(perMemoryScript, {
    exposeGc: true,
    sources: true,
  });
}
const memoryRuns = Array.from({ length: RUNS }, perMemoryRun);
const perMemory = {
  memories: MEMORIES,
  totalMs: round(median(memoryRuns.map((run) => run.ms)), 2),
  totalHeapKB: round(median(memoryRuns.map((run) => run.heapBytes)) / 1024),
  perMemoryMs: round(median(memoryRuns.map((run) => run.ms)) / MEMORIES, 3),
  perMemoryHeapKB: round(
    median(memoryRuns.map((run) => run.heapBytes)) / 1024 / MEMORIES,
    2,
  ),
  goals: {
    perMemoryHeapKB: 50,
    perMemoryMs: 1,
    totalHeapKB: 5 * 1024,
    totalMs: 100,
  },
};
const perMemoryMet =
  perMemory.perMemoryHeapKB <= 50 &&
  perMemory.perMemoryMs <= 1 &&
  perMemory.totalHeapKB <= 5 * 1024 &&
  perMemory.totalMs <= 100;
console.log(
  `  ${MEMORIES} more memories with the default counter (create + add 1 message + first count): ${perMemory.totalMs} ms, heap +${perMemory.totalHeapKB} KB; ` +
    `per memory ${perMemory.perMemoryMs} ms, ${perMemory.perMemoryHeapKB} KB (goal ≤ 1 ms, ≤ 50 KB: ${perMemoryMet ? 'met' : 'NOT met'})`,
);

const output = {
  generatedBy: 'bench/tokens/tokenizer-choice.ts',
  node: process.version,
  loadAverageAtEnd: loadavg().map((value) => round(value, 2)),
  data: {
    directory: sharedDataDirectory,
    messages: messages.length,
    texts: texts.length,
    bytes,
    tokens: totalTokens,
  },
  identicalCounts: {
    texts: texts.length,
    mismatches,
    examples: mismatchExamples,
  },
  coldLoad: cold,
  throughput: speed,
  defaultCounter: { firstCount, perMemory },
};
writeResult('tokenizer-choice.json', output);
console.log('\nWrote bench/results/tokenizer-choice.json');
