/**
 * Per-call cost of the AI SDK middleware's `transformParams` and of the
 * LangChain middleware's `beforeModel` when nothing triggers, against core's
 * own per-turn work (`addMessage` + no-op `compressIfNeeded`) on the same
 * messages (issue #13: each ≤ 2× core), at 1k and 10k messages of real
 * SWE-agent conversations, for the approximate and the default counter: the
 * procedure of `cost.ts` (`cost-adapters.ts`), so both give the same ratios.
 * Also the cost of what the middleware did before the session layer: hashing
 * every prompt message (canonical JSON) each call.
 * See bench/README.md.
 *
 * Run: cd bench && npx tsx --expose-gc --conditions=@acm/source cost/session-sync.ts
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  createApproximateTokenCounter,
  createTiktokenTokenCounter,
} from '@acm/core';
import { toAiSdkMessages } from '@acm/ai-sdk';
import { median } from '../lib/stats';
import { writeResult } from '../lib/write-result';
import { buildHistory, createMessageStream, toLangChain } from './cost';
import { measureAdapters } from './cost-adapters';

const SIZES = [1000, 10_000] as const;
const CALLS = Number(process.env.ACM_BENCH_CALLS ?? 200);

/**
 * What the middleware computed per prompt message on every call before the
 * session layer (its `hashValue`: FNV-1a over canonical JSON), reproduced
 * here for the "before" figure.
 */
function hashValue(value: unknown): string {
  const text = canonicalJson(value);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return (hash >>> 0).toString(16);
}

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  }
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
    .join(',')}}`;
}

/** Runs a full GC before a timed call when node runs with --expose-gc (the README's command does). */
const collectGarbage = (): void => (globalThis as { gc?: () => void }).gc?.();
const round = (value: number, digits = 3) => Number(value.toFixed(digits));

interface SizeResult {
  readonly size: number;
  readonly counter: string;
  readonly transformParamsMedianMs: number;
  readonly coreAddAndCheckMedianMs: number;
  readonly ratio: number;
  /** `@acm/langchain` middleware `beforeModel` (state grows by one message with an id per call). */
  readonly langchainBeforeModelMedianMs: number;
  readonly langchainRatio: number;
  /** What the middleware did per call before the session layer: hash every prompt message. */
  readonly hashEveryMessageMedianMs: number;
}

/** The old per-call work at `size`: hashing every message of a prompt of that many messages. */
function hashEveryMessage(size: number): number {
  const prompt = toAiSdkMessages(buildHistory(size, `hash${size}-`));
  const times: number[] = [];
  for (let call = 0; call < 10; call++) {
    collectGarbage();
    const start = performance.now();
    for (const message of prompt) hashValue(message);
    times.push(performance.now() - start);
  }
  return median(times);
}

console.log(
  `${CALLS} calls per size (cost-adapters.ts: the same procedure as cost.ts); load ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores`,
);
const results: SizeResult[] = [];
for (const [counterName, makeCounter] of [
  ['approximate', () => createApproximateTokenCounter()],
  ['tiktoken o200k_base', () => createTiktokenTokenCounter()],
] as const) {
  const figures = await measureAdapters({
    buildHistory,
    createMessageStream,
    toLangChain,
    sizes: SIZES,
    turns: CALLS,
    makeCounter,
  });
  for (const figure of figures) {
    const result: SizeResult = {
      size: figure.size,
      counter: counterName,
      transformParamsMedianMs: round(figure.aiSdkTransformParamsMs),
      coreAddAndCheckMedianMs: round(figure.coreAddAndCheckMs),
      ratio: round(figure.aiSdkOverCore, 2),
      langchainBeforeModelMedianMs: round(figure.langchainBeforeModelMs),
      langchainRatio: round(figure.langchainOverCore, 2),
      hashEveryMessageMedianMs: round(hashEveryMessage(figure.size)),
    };
    results.push(result);
    console.log(
      `${counterName.padEnd(20)} ${String(result.size).padStart(6)} messages: transformParams ${result.transformParamsMedianMs} ms, core add + check ${result.coreAddAndCheckMedianMs} ms, ratio ${result.ratio}; LangChain beforeModel ${result.langchainBeforeModelMedianMs} ms, ratio ${result.langchainRatio} (hashing every message, as before: ${result.hashEveryMessageMedianMs} ms)`,
    );
  }
}

writeResult('session-sync.json', {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  loadAverage: loadavg()[0],
  calls: CALLS,
  results,
});
console.log('\nWrote bench/results/session-sync.json');
