/**
 * Compression engine benchmark: a full deterministic pass over the largest
 * shared conversation, a pass with 10 parallel LLM summaries at a fixed
 * latency, and the per-call overhead of runCompression when nothing triggers.
 * See bench/README.md.
 *
 * Run: cd bench && npx tsx --conditions=@acm/source cost/engine.ts
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  createApproximateTokenCounter,
  createExtractiveSummarizer,
  resolveConfig,
} from '@acm/core';
import { createContextState, runCompression } from '@acm/core/internal';
import type { Message } from '@acm/core';
import {
  fixedLatencySummarizer,
  loadSharedConversations,
} from '@acm/core/testing';
import { fromSharedMessages } from '../lib/from-shared-messages';
import { sharedDataDirectory } from '../lib/paths';
import { median } from '../lib/stats';
import { writeResult } from '../lib/write-result';

const DETERMINISTIC_RUNS = 30;
const DETERMINISTIC_TARGET_MS = 20;
const LLM_RUNS = 10;
const LLM_SUMMARIES = 10;
const LLM_LATENCY_MS = 100;
const LLM_TARGET_MS = 150;
const IDLE_WARMUP = 200;
const IDLE_RUNS = 2000;

interface Conversation {
  readonly id: string;
  readonly messages: readonly Message[];
  readonly chars: number;
}

function loadConversations(): Conversation[] {
  return loadSharedConversations({
    dataset: 'all',
    dataDir: sharedDataDirectory,
  }).map((record) => ({
    id: record.id,
    messages: fromSharedMessages(record.messages),
    chars: JSON.stringify(record.messages).length,
  }));
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))
  ]!;
}

let nextId = 0;
const generateId = () => `bench-${nextId++}`;

/** (a) A full deterministic pass (extractive summarizer) over the largest conversation. */
async function benchDeterministicPass(largest: Conversation) {
  // A 32K budget against a ~107K-token conversation, a low-water mark of 1.6K
  // tokens and auto mode escalating at once: the walk goes through every
  // strategy that applies, the LLM ones summarized extractively.
  const config = resolveConfig({
    maxToken: 32_000,
    targetRatio: 0.05,
    compactRatioThreshold: 0.01,
    minCompressionTokenThreshold: 500,
  });
  const durations: number[] = [];
  let passes: string[] = [];
  let tokensBefore = 0;
  let tokensAfter = 0;
  for (let run = 0; run < DETERMINISTIC_RUNS + 1; run++) {
    const counter = createApproximateTokenCounter(); // cold: counting is part of the pass
    const state = createContextState({
      sessionId: 'bench',
      messages: largest.messages,
    });
    const started = performance.now();
    const compression = await runCompression({
      state,
      config,
      counter,
      summarizer: createExtractiveSummarizer(),
      generateId,
    });
    const elapsed = performance.now() - started;
    if (run === 0) continue; // warm-up (module JIT)
    durations.push(elapsed);
    passes = compression.passes.map(
      (pass) => `${pass.strategy} (${pass.outcome}, ${pass.editCount} edits)`,
    );
    tokensBefore = counter.countMessages(state.working);
    tokensAfter = counter.countMessages(compression.state.working);
  }
  const medianMs = median(durations);
  return {
    conversation: largest.id,
    messages: largest.messages.length,
    chars: largest.chars,
    runs: DETERMINISTIC_RUNS,
    medianMs: round(medianMs),
    p95Ms: round(percentile(durations, 0.95)),
    tokensBefore,
    tokensAfter,
    passes,
    targetMs: DETERMINISTIC_TARGET_MS,
    met: medianMs <= DETERMINISTIC_TARGET_MS,
  };
}

/** Eleven rounds (user → tool call → result → answer); summarizeRounds summarizes the first ten. */
function roundsConversation(): Message[] {
  const messages: Message[] = [
    {
      id: 'sys',
      role: 'system',
      content: [{ type: 'text', text: 'You are an agent.' }],
    },
  ];
  for (let round = 0; round < LLM_SUMMARIES + 1; round++) {
    const output = Array.from(
      { length: 40 },
      (_, line) => `round ${round} line ${line}: /srv/app/file${line}.py ok`,
    ).join('\n');
    messages.push(
      {
        id: `u${round}`,
        role: 'user',
        content: [{ type: 'text', text: `Task ${round}: check the files.` }],
      },
      {
        id: `a${round}`,
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: `c${round}`,
            toolName: 'bash',
            input: { command: `ls /srv/app/${round}` },
          },
        ],
      },
      {
        id: `t${round}`,
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: `c${round}`,
            toolName: 'bash',
            output,
          },
        ],
      },
      {
        id: `f${round}`,
        role: 'assistant',
        content: [
          { type: 'text', text: `Round ${round} is done: 40 files checked.` },
        ],
      },
    );
  }
  return messages;
}

/** (b) One pass with 10 LLM summaries against a summarizer with a fixed latency. */
async function benchLlmPass() {
  const messages = roundsConversation();
  const config = resolveConfig({
    mode: 'compress',
    maxToken: 8000,
    tokenRatio: 0.5,
    targetRatio: 0.1,
    minCompressionTokenThreshold: 0,
    strategies: {
      rollupHistory: false,
      compressToolRuns: false,
      summarizeLargeCurrentMessages: false,
      compressCurrentRound: false,
      lastResort: false,
    },
  });
  const counter = createApproximateTokenCounter();
  const durations: number[] = [];
  let calls = 0;
  let summaries = 0;
  for (let run = 0; run < LLM_RUNS; run++) {
    const summarizer = fixedLatencySummarizer({ latencyMs: LLM_LATENCY_MS });
    const state = createContextState({ sessionId: 'bench', messages });
    const started = performance.now();
    const compression = await runCompression({
      state,
      config,
      counter,
      summarizer,
      generateId,
    });
    durations.push(performance.now() - started);
    calls = summarizer.callCount;
    summaries = compression.passes.reduce(
      (total, pass) => total + pass.taskCount,
      0,
    );
  }
  const medianMs = median(durations);
  return {
    summaries,
    summarizerCalls: calls,
    latencyMs: LLM_LATENCY_MS,
    runs: LLM_RUNS,
    medianMs: round(medianMs),
    maxMs: round(Math.max(...durations)),
    targetMs: LLM_TARGET_MS,
    met: medianMs <= LLM_TARGET_MS && summaries === LLM_SUMMARIES,
  };
}

/** (c) The per-call overhead of runCompression when nothing triggers (counter warm). */
async function benchIdleCall(largest: Conversation) {
  const config = resolveConfig({ maxToken: 10_000_000, msgThreshold: 100_000 });
  const counter = createApproximateTokenCounter();
  const state = createContextState({
    sessionId: 'bench',
    messages: largest.messages,
  });
  const summarizer = createExtractiveSummarizer();
  const durations: number[] = [];
  for (let run = 0; run < IDLE_WARMUP + IDLE_RUNS; run++) {
    const started = performance.now();
    const compression = await runCompression({
      state,
      config,
      counter,
      summarizer,
    });
    const elapsed = performance.now() - started;
    if (compression.applied)
      throw new Error('the idle benchmark must not trigger');
    if (run >= IDLE_WARMUP) durations.push(elapsed * 1000);
  }
  return {
    conversation: largest.id,
    messages: largest.messages.length,
    runs: IDLE_RUNS,
    medianUs: round(median(durations)),
    p95Us: round(percentile(durations, 0.95)),
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

async function main() {
  const conversations = loadConversations();
  const largest = conversations.reduce((best, conversation) =>
    conversation.chars > best.chars ? conversation : best,
  );
  console.log(
    `Largest conversation: ${largest.id}, ${largest.messages.length} messages, ${largest.chars} characters (JSON)`,
  );

  const deterministic = await benchDeterministicPass(largest);
  console.log(
    `\n(a) Full deterministic pass (extractive summarizer, approximate counter, cold), median of ${deterministic.runs}: ` +
      `${deterministic.medianMs} ms (p95 ${deterministic.p95Ms} ms), target ≤ ${DETERMINISTIC_TARGET_MS} ms: ${deterministic.met ? 'met' : 'NOT met'}`,
  );
  console.log(
    `    tokens ${deterministic.tokensBefore} → ${deterministic.tokensAfter}; passes: ${deterministic.passes.join(', ')}`,
  );

  const llm = await benchLlmPass();
  console.log(
    `\n(b) One pass with ${llm.summaries} LLM summaries at ${LLM_LATENCY_MS} ms each (${llm.summarizerCalls} calls), median of ${llm.runs}: ` +
      `${llm.medianMs} ms (max ${llm.maxMs} ms), target ≤ ${LLM_TARGET_MS} ms: ${llm.met ? 'met' : 'NOT met'}`,
  );

  const idle = await benchIdleCall(largest);
  console.log(
    `\n(c) runCompression when nothing triggers (${idle.messages} messages, counter warm), median of ${idle.runs}: ` +
      `${idle.medianUs} µs (p95 ${idle.p95Us} µs)`,
  );

  const [loadAverage] = loadavg();
  console.log(
    `\nLoad average (1 min) ${loadAverage!.toFixed(2)} on ${cpus().length} cores: timings grow with it.`,
  );
  const results = {
    node: process.version,
    loadAverage,
    cores: cpus().length,
    date: new Date().toISOString(),
    deterministicPass: deterministic,
    llmPass: llm,
    idleCall: idle,
  };
  writeResult('engine.json', results);
  console.log(`\nWrote ${join('bench', 'results', 'engine.json')}`);
}

await main();
