/**
 * Per-call cost of the AI SDK middleware's `transformParams` and of the
 * LangChain middleware's `beforeModel` when nothing triggers, against core's
 * own per-turn work (`addMessage` + no-op `compressIfNeeded`) on the same
 * messages (issue #13: each ≤ 2× core), at 1k and 10k messages of real
 * SWE-agent conversations. Also the cost of what the middleware did before
 * the session layer: hashing every prompt message (canonical JSON) each call.
 * See bench/README.md.
 *
 * Run: cd bench && npx tsx --expose-gc --conditions=@acm/source session-sync.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  AutoContextMemory,
  createApproximateTokenCounter,
  createTiktokenTokenCounter,
  fromOpenAIMessages,
} from '@acm/core';
import type { Message, TokenCounter } from '@acm/core';
import { loadSharedConversations } from '@acm/core/testing';
import { autoContextMiddleware, toAiSdkMessages } from '@acm/ai-sdk';
import type { AiSdkMessage } from '@acm/ai-sdk';
import type { BaseMessage } from '@langchain/core/messages';
// From sources: the bench package does not list @acm/langchain (no lockfile change for one script).
import { toLangChainMessages } from '@acm/langchain';
import { autoContextMiddleware as langChainMiddleware } from '@acm/langchain/middleware';

const benchDirectory = dirname(fileURLToPath(import.meta.url));
const dataDirectory =
  process.env.ACM_SHARED_DATA ?? resolve(benchDirectory, '../../shared/data');

const SIZES = [1000, 10_000] as const;
const CALLS = Number(process.env.ACM_BENCH_CALLS ?? 100);
/** Nothing triggers: the figures are the per-call overhead. */
const CONFIG = { maxToken: 1_000_000_000, msgThreshold: 1_000_000_000 };

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

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
/** Runs a full GC before a timed call when node runs with --expose-gc (the README's command does). */
const collectGarbage = (): void => (globalThis as { gc?: () => void }).gc?.();
const round = (value: number, digits = 3) => Number(value.toFixed(digits));

/** Every message but system prompts, conversation after conversation (SWE, then tau-bench). */
function loadStream(): Message[] {
  return loadSharedConversations({ dataset: 'all', dataDir: dataDirectory })
    .flatMap((record) =>
      fromOpenAIMessages(record.messages, {
        generateId: (index) => `${record.id}-${index}`,
        invalidToolArguments: 'keep-raw',
        orphanToolResults: 'keep',
      }),
    )
    .filter((message) => message.role !== 'system');
}

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

async function measure(
  stream: readonly Message[],
  size: number,
  makeCounter: () => TokenCounter,
  counterName: string,
): Promise<SizeResult> {
  if (stream.length < size + CALLS) {
    throw new Error(`only ${stream.length} messages in the data`);
  }
  const history = stream.slice(0, size);
  const fresh = stream.slice(size, size + CALLS);
  const historyPrompt = toAiSdkMessages(history);
  const freshPrompt = toAiSdkMessages(fresh);
  const system: AiSdkMessage = { role: 'system', content: 'You fix bugs.' };

  // The middleware, one session, warmed with the history.
  const acm = autoContextMiddleware({
    sessionId: 'bench',
    config: CONFIG,
    counter: makeCounter(),
  });
  const model = { specificationVersion: 'v3' };
  let prompt: AiSdkMessage[] = [system, ...historyPrompt];
  await acm.transformParams({ type: 'generate', params: { prompt }, model });
  const transformTimes: number[] = [];
  const hashTimes: number[] = [];
  for (let call = 0; call < CALLS; call++) {
    // Each step the AI SDK builds new prompt objects (same content).
    prompt = [...prompt, freshPrompt[call]!].map((message) => ({ ...message }));
    collectGarbage(); // the copies above are the SDK's garbage, not ours
    const start = performance.now();
    await acm.transformParams({ type: 'generate', params: { prompt }, model });
    transformTimes.push(performance.now() - start);
    if (call % 10 === 0) {
      const hashStart = performance.now();
      for (const message of prompt) hashValue(message);
      hashTimes.push(performance.now() - hashStart);
    }
  }

  // The LangChain middleware, one thread: LangGraph appends to its state.
  const lcMiddleware = langChainMiddleware({
    config: CONFIG,
    counter: makeCounter(),
    reloadTool: false,
  });
  const beforeModel = lcMiddleware.beforeModel as unknown as (
    state: { messages: BaseMessage[] },
    runtime: { configurable: { thread_id: string } },
  ) => Promise<unknown>;
  const lcRuntime = { configurable: { thread_id: 'bench' } };
  const lcState = toLangChainMessages(history);
  const lcFresh = toLangChainMessages(fresh);
  await beforeModel({ messages: lcState }, lcRuntime);
  const langchainTimes: number[] = [];
  for (let call = 0; call < CALLS; call++) {
    lcState.push(lcFresh[call]!);
    collectGarbage();
    const start = performance.now();
    await beforeModel({ messages: lcState }, lcRuntime);
    langchainTimes.push(performance.now() - start);
  }

  // Core alone: the same history, the same new messages.
  const memory = new AutoContextMemory({
    sessionId: 'bench-core',
    config: CONFIG,
    counter: makeCounter(),
  });
  await memory.addMessages(history);
  await memory.compressIfNeeded();
  const coreTimes: number[] = [];
  for (let call = 0; call < CALLS; call++) {
    const message = { ...fresh[call]!, id: `core-${call}` };
    collectGarbage();
    const start = performance.now();
    await memory.addMessage(message);
    await memory.compressIfNeeded();
    coreTimes.push(performance.now() - start);
  }

  const transformParamsMedianMs = median(transformTimes);
  const coreAddAndCheckMedianMs = median(coreTimes);
  const langchainBeforeModelMedianMs = median(langchainTimes);
  return {
    size,
    counter: counterName,
    transformParamsMedianMs: round(transformParamsMedianMs),
    coreAddAndCheckMedianMs: round(coreAddAndCheckMedianMs),
    ratio: round(transformParamsMedianMs / coreAddAndCheckMedianMs, 2),
    langchainBeforeModelMedianMs: round(langchainBeforeModelMedianMs),
    langchainRatio: round(
      langchainBeforeModelMedianMs / coreAddAndCheckMedianMs,
      2,
    ),
    hashEveryMessageMedianMs: round(median(hashTimes)),
  };
}

const stream = loadStream();
console.log(
  `Loaded ${stream.length} messages from ${dataDirectory}; ${CALLS} calls per size; load ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores`,
);
const results: SizeResult[] = [];
for (const [counterName, makeCounter] of [
  ['approximate', () => createApproximateTokenCounter()],
  ['tiktoken o200k_base', () => createTiktokenTokenCounter()],
] as const) {
  for (const size of SIZES) {
    const result = await measure(stream, size, makeCounter, counterName);
    results.push(result);
    console.log(
      `${counterName.padEnd(20)} ${String(size).padStart(6)} messages: transformParams ${result.transformParamsMedianMs} ms, core add + check ${result.coreAddAndCheckMedianMs} ms, ratio ${result.ratio}; LangChain beforeModel ${result.langchainBeforeModelMedianMs} ms, ratio ${result.langchainRatio} (hashing every message, as before: ${result.hashEveryMessageMedianMs} ms)`,
    );
  }
}

mkdirSync(join(benchDirectory, 'results'), { recursive: true });
writeFileSync(
  join(benchDirectory, 'results', 'session-sync.json'),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      loadAverage: loadavg()[0],
      calls: CALLS,
      results,
    },
    null,
    2,
  )}\n`,
);
console.log('\nWrote bench/results/session-sync.json');
