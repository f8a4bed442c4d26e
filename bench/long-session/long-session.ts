/**
 * Long sessions (issue #29 item 6, #24 item 4): what compaction costs as a
 * session grows, on real conversations replayed turn by turn.
 *
 *   cd bench && npx tsx --conditions=@acm/source long-session/long-session.ts \
 *     [--quick] [--coding 1000,3000,10000,50000] [--chat 5000] [--latency 0] \
 *     [--summary-size quarter|target|digest] [--max-seconds 3600] [--only coding,chat,swe6000,ids]
 *     [--label TEXT] [--out FILE]
 *
 * A turn is one message appended to an `AutoContextMemory` (default config
 * except `maxToken`, the o200k counter, a fixed clock, sequential ids), with
 * `compressIfNeeded()` before each assistant message, as an agent calls it
 * before the model. The summarizer answers after a fixed latency (0 by
 * default: the CPU figures are ACM's own) with a slice of the transcript as
 * long as an LLM's summary (`--summary-size`: a quarter of what it read, at
 * most its `targetChars` and 4,000 characters), and records what it was sent.
 *
 * Scenarios:
 * - **coding** (`maxToken` 14000): SWE runs of shared/data concatenated into
 *   one session (the first system prompt kept, every run's ids and call ids
 *   prefixed, the runs cycled when more messages are asked for than the data
 *   holds), up to the largest size of `--coding`, with figures at each size:
 *   wall time, time per message, CPU per turn (mean / p95 over the last tenth
 *   of the turns), summarizer input ÷ conversation, `serializeState` size ÷ the
 *   raw originals (JSON of `original`).
 * - **chat** (`maxToken` 6000): tau runs concatenated the same way, `--chat`
 *   turns, figures at 600, 1,500, 3,000 and 5,000 turns.
 * - **swe-6000**: the first 20 SWE runs at `maxToken` 6000, as one session
 *   and each as its own session: summarizer input ÷ conversation, and per run
 *   the saved state (`serializeState`) ÷ (originals + the summaries in working
 *   memory), median and worst.
 * - **session ids**: compressions of the same conversation (the first 1,500
 *   chat and 500 coding messages) under three session ids.
 *
 * `--quick`: coding 1,000 and 3,000 messages, chat 1,500 turns, session ids on
 * 500 / 300 messages. `--max-seconds`: a replay stops there (its figures say
 * how far it got). Writes bench/results/long-session.json (or `--out`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { getAcmMarker, serializeState } from '@acm/core';
import type {
  AutoContextMemory,
  Message,
  Summarizer,
  SummaryRequest,
} from '@acm/core';
import { planSessionLogWrite } from '@acm/core/adapter';
import { renderTranscript } from '@acm/core/internal';
import {
  fixedLatencySummarizer,
  loadSharedConversationsAsCore,
} from '@acm/core/testing';
import { resultsDirectory } from '../lib/paths';
import { createReplayMemory } from '../lib/replay-memory';
import { median } from '../lib/stats';
import { describeCheckout } from '../lib/describe-checkout';
import { percentile } from '../lib/stats';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    coding: { type: 'string' },
    chat: { type: 'string' },
    latency: { type: 'string', default: '0' },
    'max-seconds': { type: 'string', default: '3600' },
    label: { type: 'string' },
    out: { type: 'string' },
    only: { type: 'string' },
    'summary-size': { type: 'string', default: 'quarter' },
  },
});

function parseSizes(text: string | undefined, fallback: number[]): number[] {
  if (text === undefined) return fallback;
  const sizes = text.split(',').map(Number);
  for (const size of sizes) {
    if (!Number.isSafeInteger(size) || size < 1)
      throw new Error(`sizes must be whole numbers ≥ 1, received ${text}`);
  }
  return sizes.sort((a, b) => a - b);
}

const quick = values.quick === true;
const codingSizes = parseSizes(
  values.coding,
  quick ? [1000, 3000] : [1000, 3000, 10000, 50000],
);
const chatTurns = parseSizes(values.chat, [quick ? 1500 : 5000])[0]!;
const latencyMs = Number(values.latency);
const maxSeconds = Number(values['max-seconds']);
const summarySize = values['summary-size'];
if (
  summarySize !== 'quarter' &&
  summarySize !== 'target' &&
  summarySize !== 'digest'
)
  throw new Error(
    `--summary-size must be quarter, target or digest, received ${summarySize}`,
  );
const only = new Set((values.only ?? 'coding,chat,swe6000,ids').split(','));

// ── data ────────────────────────────────────────────────────────────────────

/** A copy of `message` whose id and tool call ids carry `prefix`. */
function prefixIds(message: Message, prefix: string): Message {
  return {
    ...message,
    id: `${prefix}${message.id}`,
    content: message.content.map((part) =>
      part.type === 'tool-call' || part.type === 'tool-result'
        ? { ...part, toolCallId: `${prefix}${part.toolCallId}` }
        : part,
    ),
  };
}

/**
 * The runs of `dataset` concatenated into one session of `count` messages:
 * the first system prompt, then each run without its system messages, ids
 * prefixed per run and cycle.
 */
function concatenate(dataset: 'swe' | 'tau', count: number): Message[] {
  const runs = loadSharedConversationsAsCore({ dataset });
  const messages: Message[] = [];
  for (let cycle = 0; messages.length < count; cycle++) {
    for (const [index, run] of runs.entries()) {
      for (const message of run.messages) {
        if (message.role === 'system' && messages.length > 0) continue;
        messages.push(prefixIds(message, `c${cycle}r${index}-`));
        if (messages.length >= count) return messages;
      }
    }
  }
  return messages;
}

// ── the recording summarizer ────────────────────────────────────────────────

interface Recorder {
  readonly summarizer: Summarizer;
  calls: number;
  inputChars: number;
  /** Input characters by the strategy that asked. */
  readonly byStrategy: Record<string, number>;
}

/**
 * How long the stand-in summaries are (`--summary-size`): `quarter` (the
 * default, an LLM's usual compression) a quarter of the transcript, at most
 * the request's `targetChars` and 4,000 characters; `target` all of
 * `targetChars` (else a quarter, at most 4,000): a model that always fills
 * the length it is asked for; `digest` the test kit's default answer (at
 * most 240 characters).
 */
function summaryText({ transcript, targetChars }: SummaryRequest): string {
  const quarter = Math.min(4000, Math.ceil(transcript.length / 4));
  const wanted =
    summarySize === 'target'
      ? (targetChars ?? quarter)
      : Math.min(targetChars ?? quarter, quarter);
  const size = Math.max(1, Math.min(wanted, transcript.length - 1));
  return transcript.replace(/\s+/g, ' ').slice(0, size);
}

function createRecorder(): Recorder {
  // `digest`: the test kit's own answer, at most 240 characters.
  const inner =
    summarySize === 'digest'
      ? fixedLatencySummarizer({ latencyMs })
      : fixedLatencySummarizer({ latencyMs, text: summaryText });
  const recorder: Recorder = {
    calls: 0,
    inputChars: 0,
    byStrategy: {},
    summarizer: (request) => {
      recorder.calls += 1;
      recorder.inputChars += request.transcript.length;
      const strategy = request.strategy ?? 'unknown';
      recorder.byStrategy[strategy] =
        (recorder.byStrategy[strategy] ?? 0) + request.transcript.length;
      return inner(request);
    },
  };
  return recorder;
}

// ── one replay ──────────────────────────────────────────────────────────────

interface Checkpoint {
  readonly messages: number;
  readonly seconds: number;
  readonly msPerMessage: number;
  readonly cpuMsPerTurn: { readonly mean: number; readonly p95: number };
  readonly wallMsPerTurn: { readonly mean: number; readonly p95: number };
  readonly compressions: number;
  readonly summarizerCalls: number;
  readonly summarizerInputChars: number;
  readonly conversationChars: number;
  readonly summarizerInputRatio: number;
  /** Summarizer input ÷ conversation, by the strategy that asked. */
  readonly summarizerInputRatioByStrategy: Record<string, number>;
  readonly serializedChars: number;
  readonly rawChars: number;
  readonly serializedRatio: number;
  readonly serializeMs: number;
  /** A store's session log compacted to one full record (file, Redis, PostgreSQL), ÷ raw. */
  readonly sessionLogRatio: number;
  /** Offload entries and the messages they list (in memory: references to shared objects) per original. */
  readonly offloadEntries: number;
  readonly entryMessagesPerOriginal: number;
}

interface Replay {
  readonly name: string;
  readonly maxToken: number;
  readonly completed: boolean;
  readonly checkpoints: readonly Checkpoint[];
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

async function replay({
  name,
  messages,
  maxToken,
  sizes,
  sessionId = 'long-session',
  serialize = true,
}: {
  name: string;
  messages: readonly Message[];
  maxToken: number;
  sizes: readonly number[];
  sessionId?: string;
  serialize?: boolean;
}): Promise<Replay & { compressions: number; recorder: Recorder }> {
  const recorder = createRecorder();
  const { memory } = createReplayMemory({
    sessionId,
    maxToken,
    summarizer: recorder.summarizer,
  });
  const checkpoints: Checkpoint[] = [];
  const cpu: number[] = [];
  const wall: number[] = [];
  let conversationChars = 0;
  let compressions = 0;
  const started = performance.now();
  let completed = true;
  const last = Math.min(messages.length, sizes[sizes.length - 1]!);
  for (let index = 0; index < last; index++) {
    const message = messages[index]!;
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    if (message.role === 'assistant') {
      const result = await memory.compressIfNeeded();
      compressions += result.events.filter(
        (event) => event.type === 'compression',
      ).length;
    }
    await memory.addMessage(message);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
    wall.push(performance.now() - wallBefore);
    conversationChars += renderTranscript([message]).length;
    const count = index + 1;
    const seconds = (performance.now() - started) / 1000;
    const stop = seconds > maxSeconds;
    if (sizes.includes(count) || (stop && count < last)) {
      const tail = Math.max(1, Math.floor(count / 10));
      const state = memory.getState();
      let serializedChars = Number.NaN;
      let serializeMs = Number.NaN;
      if (serialize) {
        const serializeStarted = performance.now();
        serializedChars = serializeState(state).length;
        serializeMs = performance.now() - serializeStarted;
      }
      const rawChars = JSON.stringify(state.original).length;
      const sessionLogChars = serialize
        ? planSessionLogWrite({
            cursor: undefined,
            state,
            expectedRevision: null,
            createEpoch: () => 'epoch',
          }).text.length
        : Number.NaN;
      const entries = Object.values(state.offloads);
      checkpoints.push({
        messages: count,
        seconds,
        msPerMessage: (seconds * 1000) / count,
        cpuMsPerTurn: {
          mean: mean(cpu.slice(-tail)),
          p95: percentile(cpu.slice(-tail), 0.95),
        },
        wallMsPerTurn: {
          mean: mean(wall.slice(-tail)),
          p95: percentile(wall.slice(-tail), 0.95),
        },
        compressions,
        summarizerCalls: recorder.calls,
        summarizerInputChars: recorder.inputChars,
        conversationChars,
        summarizerInputRatio: recorder.inputChars / conversationChars,
        summarizerInputRatioByStrategy: Object.fromEntries(
          Object.entries(recorder.byStrategy).map(([strategy, chars]) => [
            strategy,
            Number((chars / conversationChars).toFixed(3)),
          ]),
        ),
        serializedChars,
        rawChars,
        serializedRatio: serializedChars / rawChars,
        serializeMs,
        sessionLogRatio: sessionLogChars / rawChars,
        offloadEntries: entries.length,
        entryMessagesPerOriginal:
          entries.reduce((sum, entry) => sum + entry.length, 0) /
          state.original.length,
      });
      process.stderr.write(
        `  ${name}: ${count} messages, ${seconds.toFixed(1)} s, summarizer ${(recorder.inputChars / conversationChars).toFixed(2)}× ${JSON.stringify(checkpoints.at(-1)!.summarizerInputRatioByStrategy)}, state ${(serializedChars / rawChars).toFixed(2)}×\n`,
      );
    }
    if (stop && count < last) {
      completed = false;
      break;
    }
  }
  return { name, maxToken, completed, checkpoints, compressions, recorder };
}

/** Saved state ÷ (originals + the summaries ACM wrote into working memory). */
function savedStateRatio(memory: AutoContextMemory): number {
  const state = memory.getState();
  const summaries = state.working.filter(
    (message) => getAcmMarker(message) !== undefined,
  );
  return (
    serializeState(state).length /
    (JSON.stringify(state.original).length + JSON.stringify(summaries).length)
  );
}

// ── scenarios ───────────────────────────────────────────────────────────────

async function main(): Promise<void> {
  const startedAt = performance.now();
  const result: Record<string, unknown> = {
    label: values.label ?? describeCheckout(),
    options: {
      quick,
      codingSizes,
      chatTurns,
      latencyMs,
      maxSeconds,
      summarySize,
    },
    machine: { cpus: cpus().length, loadavg: loadavg() },
  };

  if (only.has('coding')) {
    process.stderr.write(`coding @ 14000: ${codingSizes.join(' / ')}…\n`);
    const messages = concatenate('swe', codingSizes[codingSizes.length - 1]!);
    const { recorder: _recorder, ...coding } = await replay({
      name: 'coding',
      messages,
      maxToken: 14000,
      sizes: codingSizes,
    });
    result.coding = coding;
  }

  if (only.has('chat')) {
    const sizes = [600, 1500, 3000, 5000, chatTurns].filter(
      (size, index, all) => size <= chatTurns && all.indexOf(size) === index,
    );
    process.stderr.write(`chat @ 6000: ${sizes.join(' / ')} turns…\n`);
    const { recorder: _recorder, ...chat } = await replay({
      name: 'chat',
      messages: concatenate('tau', chatTurns),
      maxToken: 6000,
      sizes,
    });
    result.chat = chat;
  }

  if (only.has('swe6000')) {
    process.stderr.write('swe @ 6000: 20 runs, one session and each alone…\n');
    const runs = loadSharedConversationsAsCore({ dataset: 'swe' }).slice(0, 20);
    const joined: Message[] = [];
    runs.forEach((run, index) => {
      for (const message of run.messages) {
        if (message.role === 'system' && joined.length > 0) continue;
        joined.push(prefixIds(message, `r${index}-`));
      }
    });
    const { recorder: _recorder, ...oneSession } = await replay({
      name: 'swe-6000-one-session',
      messages: joined,
      maxToken: 6000,
      sizes: [joined.length],
    });
    let inputChars = 0;
    let conversationChars = 0;
    const savedRatios: number[] = [];
    for (const [index, run] of runs.entries()) {
      const recorder = createRecorder();
      const { memory } = createReplayMemory({
        sessionId: `swe-${index}`,
        maxToken: 6000,
        summarizer: recorder.summarizer,
      });
      for (const message of run.messages) {
        if (message.role === 'assistant') await memory.compressIfNeeded();
        await memory.addMessage(message);
        conversationChars += renderTranscript([message]).length;
      }
      inputChars += recorder.inputChars;
      savedRatios.push(savedStateRatio(memory));
    }
    result.swe6000 = {
      oneSession,
      eachAlone: {
        summarizerInputRatio: inputChars / conversationChars,
        savedStateRatio: {
          median: median(savedRatios),
          worst: Math.max(...savedRatios),
          all: savedRatios,
        },
      },
    };
  }

  if (only.has('ids')) {
    const sizes = { chat: quick ? 500 : 1500, coding: quick ? 300 : 500 };
    process.stderr.write(
      `session ids: chat ${sizes.chat}, coding ${sizes.coding} messages × 3…\n`,
    );
    const ids: Record<string, number[]> = { chat: [], coding: [] };
    for (const sessionId of ['session-a', 'user-42/thread-7', 'x']) {
      for (const [name, dataset, maxToken] of [
        ['chat', 'tau', 6000],
        ['coding', 'swe', 14000],
      ] as const) {
        const count = sizes[name];
        const run = await replay({
          name: `${name}-${sessionId}`,
          messages: concatenate(dataset, count),
          maxToken,
          sizes: [count],
          sessionId,
          serialize: false,
        });
        ids[name]!.push(run.compressions);
      }
    }
    result.sessionIds = { sizes, compressions: ids };
  }

  result.seconds = (performance.now() - startedAt) / 1000;
  printTable(result);
  const out =
    values.out === undefined
      ? join(resultsDirectory, 'long-session.json')
      : resolve(values.out);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  process.stderr.write(
    `Wrote ${out} (${(result.seconds as number).toFixed(0)} s)\n`,
  );
}

function printTable(result: Record<string, unknown>): void {
  const lines = [
    `Long sessions, ${String(result.label)} (summarizer latency ${latencyMs} ms, summaries: ${summarySize})`,
    '',
    '| replay | messages | wall | ms / message | CPU ms / turn, last tenth (mean / p95) | compressions | summarizer input ÷ conversation | serializeState ÷ raw | session log ÷ raw | entry messages per original |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const key of ['coding', 'chat'] as const) {
    const entry = result[key] as Replay | undefined;
    if (entry === undefined) continue;
    for (const point of entry.checkpoints) {
      lines.push(
        `| ${entry.name} @ ${entry.maxToken} | ${point.messages} | ${point.seconds.toFixed(1)} s | ${point.msPerMessage.toFixed(2)} | ${point.cpuMsPerTurn.mean.toFixed(2)} / ${point.cpuMsPerTurn.p95.toFixed(2)} | ${point.compressions} | ${point.summarizerInputRatio.toFixed(2)}× | ${point.serializedRatio.toFixed(2)}× | ${point.sessionLogRatio.toFixed(2)}× | ${point.entryMessagesPerOriginal.toFixed(1)} |`,
      );
    }
    if (!entry.completed)
      lines.push(
        `| ${entry.name} | stopped at --max-seconds | | | | | | | | |`,
      );
  }
  const swe = result.swe6000 as
    | {
        oneSession: Replay;
        eachAlone: {
          summarizerInputRatio: number;
          savedStateRatio: { median: number; worst: number };
        };
      }
    | undefined;
  if (swe !== undefined) {
    const point = swe.oneSession.checkpoints.at(-1)!;
    lines.push(
      '',
      '| SWE @ 6000, 20 runs | summarizer input ÷ conversation | saved state ÷ (originals + summaries), median / worst |',
      '|---|---|---|',
      `| one session (${point.messages} messages) | ${point.summarizerInputRatio.toFixed(2)}× | (serializeState ÷ raw ${point.serializedRatio.toFixed(2)}×) |`,
      `| each its own session | ${swe.eachAlone.summarizerInputRatio.toFixed(2)}× | ${swe.eachAlone.savedStateRatio.median.toFixed(2)}× / ${swe.eachAlone.savedStateRatio.worst.toFixed(2)}× |`,
    );
  }
  const ids = result.sessionIds as
    | { sizes: Record<string, number>; compressions: Record<string, number[]> }
    | undefined;
  if (ids !== undefined) {
    lines.push(
      '',
      `compressions under 3 session ids: chat ${ids.sizes.chat} messages ${ids.compressions.chat!.join(' / ')}; coding ${ids.sizes.coding} messages ${ids.compressions.coding!.join(' / ')}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
