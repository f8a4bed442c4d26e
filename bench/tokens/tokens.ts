/**
 * Token counting benchmark: tiktoken throughput and cold load, the per-turn
 * cost of the trigger check on long conversations, and the approximate
 * counter's error against the exact o200k counts (identical for gpt-tokenizer
 * and js-tiktoken, see tokenizer-choice.ts). See bench/README.md.
 *
 * Run: cd bench && npx tsx --conditions=@acm/source tokens/tokens.ts
 */
import {
  createApproximateTokenCounter,
  createTiktokenTokenCounter,
  createTokenCounter,
  resolveConfig,
  stringifyToolOutput,
} from '@acm/core';
import { checkTrigger, loadTiktokenEncoder } from '@acm/core/internal';
import type { Message, TokenCounter } from '@acm/core';
import { loadSharedConversations } from '@acm/core/testing';
import { fromSharedMessages } from '../lib/from-shared-messages';
import { sharedDataDirectory } from '../lib/paths';
import { writeResult } from '../lib/write-result';

const DATA_FILES = ['swe-agent-trajectories', 'tau-bench-airline'] as const;
const TURNS = 300;
const SIZES = [1_000, 10_000] as const;
const TARGET_MEDIAN_MS_AT_1000 = 0.2;
const TARGET_RATIO_10000_TO_1000 = 2;

interface Conversation {
  readonly file: string;
  readonly id: string;
  readonly messages: readonly Message[];
}

type MessageKind =
  'system' | 'user' | 'assistant text' | 'tool call' | 'tool result';
const KINDS: readonly MessageKind[] = [
  'system',
  'user',
  'assistant text',
  'tool call',
  'tool result',
];

function loadConversations(): {
  conversations: Conversation[];
  skipped: string[];
} {
  const conversations: Conversation[] = [];
  const skipped: string[] = [];
  for (const file of DATA_FILES) {
    const dataset = file === 'swe-agent-trajectories' ? 'swe' : 'tau';
    for (const record of loadSharedConversations({
      dataset,
      dataDir: sharedDataDirectory,
    })) {
      try {
        const messages = fromSharedMessages(record.messages, {
          generateId: (index) => `${record.id}-${index}`,
        });
        conversations.push({ file, id: record.id, messages });
      } catch (error) {
        skipped.push(`${file}/${record.id}: ${(error as Error).message}`);
      }
    }
  }
  return { conversations, skipped };
}

/** Every string the counter tokenizes for a message's content. */
function contentTexts(message: Message): string[] {
  const texts: string[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        texts.push(part.text);
        break;
      case 'tool-call':
        texts.push(stringifyToolOutput(part.input));
        break;
      case 'tool-result':
        texts.push(stringifyToolOutput(part.output));
        break;
      case 'file':
        break;
    }
  }
  return texts;
}

function kindOf(message: Message): MessageKind {
  switch (message.role) {
    case 'system':
      return 'system';
    case 'user':
      return 'user';
    case 'tool':
      return 'tool result';
    case 'assistant':
      return message.content.some((part) => part.type === 'tool-call')
        ? 'tool call'
        : 'assistant text';
  }
}

function quantile(sorted: readonly number[], fraction: number): number {
  const index = Math.min(
    sorted.length - 1,
    Math.ceil(fraction * sorted.length) - 1,
  );
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

const round = (value: number, digits = 4) => Number(value.toFixed(digits));

/** A copy of a message under a fresh id: a new object, so no cache knows it. */
function cloneWithId(message: Message, id: string): Message {
  return { ...message, id };
}

/** A conversation of `length` messages made by concatenating data conversations (fresh ids per copy). */
function buildConversation(
  stream: readonly Message[],
  length: number,
  prefix: string,
): Message[] {
  return Array.from({ length }, (_, index) =>
    cloneWithId(stream[index % stream.length] as Message, `${prefix}-${index}`),
  );
}

// ---------------------------------------------------------------------------

const { conversations, skipped } = loadConversations();
const allMessages = conversations.flatMap(
  (conversation) => conversation.messages,
);
console.log(
  `Loaded ${conversations.length} conversations (${allMessages.length} messages) from ${sharedDataDirectory}` +
    (skipped.length > 0 ? `; skipped ${skipped.length}` : ''),
);

// (a) Cold load and throughput --------------------------------------------------
const loadStart = performance.now();
const encoder = loadTiktokenEncoder('o200k_base');
const coldLoadMs = performance.now() - loadStart;

const texts = allMessages.flatMap(contentTexts);
const textBytes = texts.reduce(
  (sum, text) => sum + Buffer.byteLength(text, 'utf8'),
  0,
);
const textCharacters = texts.reduce((sum, text) => sum + text.length, 0);

function measureThroughput(countText: (text: string) => number) {
  const start = performance.now();
  let tokens = 0;
  for (const text of texts) tokens += countText(text);
  const seconds = (performance.now() - start) / 1000;
  return {
    tokens,
    seconds: round(seconds),
    megabytesPerSecond: round(textBytes / 1e6 / seconds, 2),
  };
}

const tiktokenThroughput = measureThroughput((text) =>
  encoder.countTokens(text),
);
const approximateCounter = createApproximateTokenCounter();
const approximateThroughput = measureThroughput((text) =>
  approximateCounter.countText(text),
);

console.log('\n(a) default exact tokenizer (gpt-tokenizer) o200k_base');
console.log(
  `  cold load (gpt-tokenizer/encoding/o200k_base, in this process): ${coldLoadMs.toFixed(0)} ms`,
);
console.log(
  `  throughput over ${texts.length} texts, ${(textBytes / 1e6).toFixed(2)} MB UTF-8: ` +
    `${tiktokenThroughput.megabytesPerSecond} MB/s (${tiktokenThroughput.tokens} tokens, ${tiktokenThroughput.seconds} s)`,
);
console.log(
  `  approximate counter on the same texts: ${approximateThroughput.megabytesPerSecond} MB/s`,
);

// (b) Per-turn cost of the trigger check -----------------------------------------
const config = resolveConfig();
const appendedPool = allMessages.slice(0, TURNS);

function measureTurns(makeCounter: () => TokenCounter, size: number) {
  const counter = makeCounter();
  let messages: readonly Message[] = buildConversation(
    allMessages,
    size,
    `base${size}`,
  );
  checkTrigger({ messages, config, counter }); // warm the cache
  const durations: number[] = [];
  for (let turn = 0; turn < TURNS; turn += 1) {
    const next = cloneWithId(
      appendedPool[turn] as Message,
      `turn${size}-${turn}`,
    );
    messages = [...messages, next];
    const start = performance.now();
    checkTrigger({ messages, config, counter });
    durations.push(performance.now() - start);
  }
  // The part no history-aware design can avoid: counting the new message itself.
  const fresh = makeCounter();
  fresh.countText('warm');
  const newMessageDurations = appendedPool.map((message, turn) => {
    const copy = cloneWithId(message, `alone${size}-${turn}`);
    const start = performance.now();
    fresh.countMessage(copy);
    return performance.now() - start;
  });
  durations.sort((left, right) => left - right);
  newMessageDurations.sort((left, right) => left - right);
  return {
    size,
    turns: TURNS,
    medianMs: round(quantile(durations, 0.5)),
    p95Ms: round(quantile(durations, 0.95)),
    newMessageOnlyMedianMs: round(quantile(newMessageDurations, 0.5)),
  };
}

const turnCounters: Record<string, () => TokenCounter> = {
  'tiktoken:o200k_base': () =>
    createTiktokenTokenCounter({ loadEncoder: () => encoder }),
  approximate: () => createApproximateTokenCounter(),
};

console.log(
  `\n(b) Per-turn trigger check, cache warm, ${TURNS} turns (append one message, checkTrigger)`,
);
const turnResults: Record<string, unknown> = {};
for (const [name, makeCounter] of Object.entries(turnCounters)) {
  const [small, large] = SIZES.map((size) => measureTurns(makeCounter, size));
  if (small === undefined || large === undefined)
    throw new Error('unreachable');
  const medianTargetMet = small.medianMs <= TARGET_MEDIAN_MS_AT_1000;
  const ratio = large.medianMs / small.medianMs;
  const scalingTargetMet = ratio <= TARGET_RATIO_10000_TO_1000;
  turnResults[name] = {
    results: [small, large],
    ratio10000To1000: round(ratio, 2),
    targets: {
      medianAt1000Ms: TARGET_MEDIAN_MS_AT_1000,
      medianTargetMet,
      scalingTargetMet,
    },
  };
  console.log(`  ${name}`);
  for (const result of [small, large]) {
    console.log(
      `    ${String(result.size).padStart(6)} messages: median ${result.medianMs} ms, p95 ${result.p95Ms} ms ` +
        `(counting the new message alone: median ${result.newMessageOnlyMedianMs} ms)`,
    );
  }
  console.log(
    `    target median ≤ ${TARGET_MEDIAN_MS_AT_1000} ms at 1,000: ${medianTargetMet ? 'met' : 'NOT met'}; ` +
      `10,000 ≤ ${TARGET_RATIO_10000_TO_1000}× 1,000 (${ratio.toFixed(2)}×): ${scalingTargetMet ? 'met' : 'NOT met'}`,
  );
}

// (c) Approximate counters against js-tiktoken ----------------------------------
const exactCounter = createTiktokenTokenCounter({ loadEncoder: () => encoder });
const estimators: Record<string, () => TokenCounter> = {
  approximate: () => createApproximateTokenCounter(),
  'chars/4': () =>
    createTokenCounter({
      name: 'chars/4',
      countText: (text) => Math.ceil(text.length / 4),
    }),
};

interface ErrorSummary {
  messages: number;
  exactTokens: number;
  /** Mean of (estimate − exact) / exact over messages. */
  meanSignedError: number;
  /** Mean of |estimate − exact| / exact over messages. */
  meanAbsoluteError: number;
  /** (Σ estimate − Σ exact) / Σ exact: what the trigger sees on a whole conversation. */
  totalError: number;
}

function summarize(
  pairs: ReadonlyArray<readonly [number, number]>,
): ErrorSummary {
  let signed = 0;
  let absolute = 0;
  let exactTotal = 0;
  let estimateTotal = 0;
  for (const [estimate, exact] of pairs) {
    const relative = (estimate - exact) / Math.max(exact, 1);
    signed += relative;
    absolute += Math.abs(relative);
    exactTotal += exact;
    estimateTotal += estimate;
  }
  const count = Math.max(pairs.length, 1);
  return {
    messages: pairs.length,
    exactTokens: exactTotal,
    meanSignedError: round(signed / count),
    meanAbsoluteError: round(absolute / count),
    totalError: round((estimateTotal - exactTotal) / Math.max(exactTotal, 1)),
  };
}

console.log(
  '\n(c) Error against js-tiktoken o200k_base, per message (relative: signed mean / absolute mean / total)',
);
const errorResults: Record<
  string,
  Record<string, Record<string, ErrorSummary>>
> = {};
for (const [estimatorName, makeEstimator] of Object.entries(estimators)) {
  const estimator = makeEstimator();
  errorResults[estimatorName] = {};
  console.log(`  ${estimatorName}`);
  for (const file of [...DATA_FILES, 'all'] as const) {
    const messages = conversations
      .filter((conversation) => file === 'all' || conversation.file === file)
      .flatMap((conversation) => conversation.messages);
    const byKind: Record<string, Array<readonly [number, number]>> = {
      overall: [],
    };
    for (const message of messages) {
      const pair = [
        estimator.countMessage(message),
        exactCounter.countMessage(message),
      ] as const;
      (byKind[kindOf(message)] ??= []).push(pair);
      byKind.overall?.push(pair);
    }
    const summaries: Record<string, ErrorSummary> = {};
    for (const kind of [...KINDS, 'overall']) {
      const pairs = byKind[kind];
      if (pairs !== undefined && pairs.length > 0)
        summaries[kind] = summarize(pairs);
    }
    errorResults[estimatorName][file] = summaries;
    console.log(`    ${file}`);
    for (const [kind, summary] of Object.entries(summaries)) {
      const percent = (value: number) =>
        `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}%`;
      console.log(
        `      ${kind.padEnd(15)} n=${String(summary.messages).padStart(5)}  ` +
          `${percent(summary.meanSignedError).padStart(7)} / ${(summary.meanAbsoluteError * 100).toFixed(1).padStart(5)}% / ${percent(summary.totalError)}`,
      );
    }
  }
}

const output = {
  generatedBy: 'bench/tokens/tokens.ts',
  node: process.version,
  data: {
    directory: sharedDataDirectory,
    conversations: conversations.length,
    messages: allMessages.length,
    skipped,
  },
  throughput: {
    encoding: 'o200k_base',
    coldLoadMs: round(coldLoadMs, 1),
    texts: texts.length,
    bytes: textBytes,
    characters: textCharacters,
    tiktoken: tiktokenThroughput,
    approximate: approximateThroughput,
  },
  triggerCheckPerTurn: turnResults,
  approximationError: errorResults,
};
writeResult('tokens.json', output);
console.log('\nWrote bench/results/tokens.json');
