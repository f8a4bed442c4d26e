/**
 * Compaction CPU on one long session (issue #29 item 2): does the work of a
 * turn grow with what it changes, or with everything compacted so far?
 *
 * - `swe`: the SWE-bench runs of shared/data concatenated into one session
 *   (copies under fresh ids once the data runs out; each run's system message
 *   after the first one dropped), replayed message by message as
 *   `acm simulate` does: `compressIfNeeded` before each assistant message,
 *   then the message is added. Default config except `maxToken` (14000), the
 *   extractive summarizer, the default exact counter (o200k_base), a fixed
 *   clock and sequential ids. Figure: wall and CPU time per message at each
 *   size, and the ratio of the largest size's to the smallest's (goal ≤ 2;
 *   on a shared machine read the CPU ratio).
 * - `chat`: the tau-bench airline chats concatenated the same way, replayed
 *   turn by turn (a turn: one message, with the `compressIfNeeded` before it
 *   when it is an assistant message, as long-session.ts counts) at `maxToken`
 *   6000. Figures: turns in the time limit (`--turns 60000` for the issue's
 *   "turns in 240 s"), and mean / p95 of a turn's wall time at turns
 *   4000–5000 (goals ≤ 5 / ≤ 50 ms).
 *
 *   cd bench && npx tsx --conditions=@acm/source long-session/cpu-replay.ts
 *     [--workload swe|chat|both] [--sizes 1000,10000] [--turns 5000] [--limit-seconds 240]
 *     [--label TEXT] [--out FILE]
 *
 * Each size is its own session from the first message (a 10k replay is not
 * the continuation of the 1k one). Writes bench/results/cpu-replay.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  AutoContextMemory,
  createExtractiveSummarizer,
  createTiktokenTokenCounter,
} from '@acm/core';
import type { Message } from '@acm/core';
import { loadTiktokenEncoder } from '@acm/core/internal';
import { loadSharedConversationsAsCore } from '@acm/core/testing';
import { median } from '../lib/stats';
import { writeResult } from '../lib/write-result';
import { describeCheckout } from '../lib/describe-checkout';
import { percentile } from '../lib/stats';

const { values } = parseArgs({
  options: {
    workload: { type: 'string', default: 'both' },
    sizes: { type: 'string', default: '1000,3000,10000' },
    turns: { type: 'string', default: '5000' },
    'limit-seconds': { type: 'string', default: '240' },
    'swe-max-token': { type: 'string', default: '14000' },
    'chat-max-token': { type: 'string', default: '6000' },
    label: { type: 'string' },
    out: { type: 'string' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const chatTurns = Number(values.turns);
const limitMs = Number(values['limit-seconds']) * 1000;
const encoder = loadTiktokenEncoder('o200k_base');

/** `count` messages of the dataset's conversations end to end, under fresh ids (one system message). */
function concatenate(dataset: 'swe' | 'tau', count: number): Message[] {
  const conversations = loadSharedConversationsAsCore({ dataset });
  const messages: Message[] = [];
  for (let copy = 0; messages.length < count; copy += 1) {
    for (const conversation of conversations) {
      for (const message of conversation.messages) {
        if (message.role === 'system' && messages.length > 0) continue;
        messages.push({
          ...message,
          id: `c${copy}-${conversation.id}-${message.id}`,
        });
        if (messages.length === count) return messages;
      }
    }
  }
  return messages;
}

function createMemory(sessionId: string, maxToken: number): AutoContextMemory {
  let sequence = 0;
  return new AutoContextMemory({
    sessionId,
    config: { maxToken },
    summarizer: createExtractiveSummarizer(),
    counter: createTiktokenTokenCounter({ loadEncoder: () => encoder }),
    clock: { now: () => 0 },
    generateId: () => (sequence++).toString(36).padStart(6, '0'),
  });
}

interface Replay {
  readonly messages: number;
  readonly turns: number;
  readonly seconds: number;
  readonly cpuSeconds: number;
  readonly compressions: number;
  /** Wall ms of each turn (one message: the check before it when it is an assistant message, and its append). */
  readonly turnMs: readonly number[];
  /** CPU ms of each turn (the process's user + system time: on a shared machine, the turn's own work). */
  readonly turnCpuMs: readonly number[];
  readonly stoppedAtLimit: boolean;
}

/**
 * Replays `messages` in one session, one message a turn (as
 * long-session.ts counts turns): `compressIfNeeded` before each assistant
 * message, as an agent calls it before the model, then the message is added.
 */
async function replay(
  messages: readonly Message[],
  sessionId: string,
  maxToken: number,
  stopAfterMs = Infinity,
  maxTurns = Infinity,
): Promise<Replay> {
  const memory = createMemory(sessionId, maxToken);
  const turnMs: number[] = [];
  const turnCpuMs: number[] = [];
  let compressions = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  let stoppedAtLimit = false;
  for (const message of messages) {
    const turnStart = performance.now();
    const turnCpu = process.cpuUsage();
    if (message.role === 'assistant') {
      const result = await memory.compressIfNeeded();
      if (result.applied) compressions += 1;
    }
    await memory.addMessage(message);
    const now = performance.now();
    const used = process.cpuUsage(turnCpu);
    turnMs.push(now - turnStart);
    turnCpuMs.push((used.user + used.system) / 1000);
    if (now - started > stopAfterMs) {
      stoppedAtLimit = true;
      break;
    }
    if (turnMs.length >= maxTurns) break;
  }
  const used = process.cpuUsage(cpu);
  return {
    messages: turnMs.length,
    turns: turnMs.length,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
    compressions,
    turnMs,
    turnCpuMs,
    stoppedAtLimit,
  };
}

const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

async function main(): Promise<void> {
  const result: Record<string, unknown> = {
    label: values.label ?? describeCheckout(),
    node: process.version,
    cpus: cpus().length,
    loadAverageAtStart: loadavg()[0],
  };
  if (values.workload === 'swe' || values.workload === 'both') {
    const maxToken = Number(values['swe-max-token']);
    const all = concatenate('swe', Math.max(...sizes));
    const rows = [];
    for (const size of sizes) {
      process.stderr.write(`swe @ ${maxToken}: ${size} messages…\n`);
      const run = await replay(all.slice(0, size), `cpu-swe-${size}`, maxToken);
      const row = {
        size,
        seconds: run.seconds,
        cpuSeconds: run.cpuSeconds,
        msPerMessage: (run.seconds * 1000) / run.messages,
        cpuMsPerMessage: (run.cpuSeconds * 1000) / run.messages,
        compressions: run.compressions,
        turnMedianMs: median(run.turnMs),
        turnP95Ms: percentile(run.turnMs, 0.95),
      };
      process.stderr.write(`  ${JSON.stringify(row)}\n`);
      rows.push(row);
    }
    const first = rows[0]!;
    const last = rows.at(-1)!;
    result.swe = {
      maxToken,
      rows,
      perMessageRatio: last.msPerMessage / first.msPerMessage,
      cpuPerMessageRatio: last.cpuMsPerMessage / first.cpuMsPerMessage,
    };
    console.log(`\nSWE runs concatenated, maxToken ${maxToken}, turn by turn`);
    console.log(
      '| messages | wall s | CPU s | ms / message (wall) | CPU ms / message | compressions | turn median / p95 ms |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const row of rows) {
      console.log(
        `| ${row.size} | ${row.seconds.toFixed(1)} | ${row.cpuSeconds.toFixed(1)} | ${row.msPerMessage.toFixed(2)} | ${row.cpuMsPerMessage.toFixed(2)} | ${row.compressions} | ${row.turnMedianMs.toFixed(1)} / ${row.turnP95Ms.toFixed(1)} |`,
      );
    }
    console.log(
      `per message, ${last.size} ÷ ${first.size}: ${(last.msPerMessage / first.msPerMessage).toFixed(2)}× wall, ${(last.cpuMsPerMessage / first.cpuMsPerMessage).toFixed(2)}× CPU (goal ≤ 2)`,
    );
  }
  if (values.workload === 'chat' || values.workload === 'both') {
    const maxToken = Number(values['chat-max-token']);
    const all = concatenate('tau', chatTurns);
    process.stderr.write(`chat @ ${maxToken}: ${chatTurns} turns…\n`);
    const run = await replay(all, 'cpu-chat', maxToken, limitMs, chatTurns);
    const window = run.turnMs.slice(4000, 5000);
    const cpuWindow = run.turnCpuMs.slice(4000, 5000);
    const buckets = [];
    // Buckets of 1,000 turns up to 10k, then of 10,000.
    for (let start = 0; start < run.turnMs.length;) {
      const size = start < 10_000 ? 1000 : 10_000;
      const slice = run.turnMs.slice(start, start + size);
      const cpuSlice = run.turnCpuMs.slice(start, start + size);
      buckets.push({
        turns: `${start}–${start + slice.length}`,
        meanMs: mean(slice),
        p95Ms: percentile(slice, 0.95),
        cpuMeanMs: mean(cpuSlice),
        cpuP95Ms: percentile(cpuSlice, 0.95),
      });
      start += size;
    }
    result.chat = {
      maxToken,
      turns: run.turns,
      messages: run.messages,
      seconds: run.seconds,
      cpuSeconds: run.cpuSeconds,
      compressions: run.compressions,
      stoppedAtLimit: run.stoppedAtLimit,
      meanMs4kTo5k: mean(window),
      p95Ms4kTo5k: percentile(window, 0.95),
      cpuMeanMs4kTo5k: mean(cpuWindow),
      cpuP95Ms4kTo5k: percentile(cpuWindow, 0.95),
      buckets,
    };
    console.log(`\nTau chats concatenated, maxToken ${maxToken}, turn by turn`);
    console.log(
      `${run.turns} turns (${run.messages} messages) in ${run.seconds.toFixed(1)} s${run.stoppedAtLimit ? ' (stopped at the time limit)' : ''}, ${run.compressions} compressions`,
    );
    console.log('| turns | mean / p95 ms (wall) | mean / p95 ms (CPU) |');
    console.log('|---|---|---|');
    for (const bucket of buckets) {
      console.log(
        `| ${bucket.turns} | ${bucket.meanMs.toFixed(2)} / ${bucket.p95Ms.toFixed(1)} | ${bucket.cpuMeanMs.toFixed(2)} / ${bucket.cpuP95Ms.toFixed(1)} |`,
      );
    }
    console.log(
      `turns 4000–5000: mean ${mean(window).toFixed(2)} ms (goal ≤ 5), p95 ${percentile(window, 0.95).toFixed(1)} ms (goal ≤ 50); CPU ${mean(cpuWindow).toFixed(2)} / ${percentile(cpuWindow, 0.95).toFixed(1)} ms`,
    );
  }
  let out: string;
  if (values.out === undefined) out = writeResult('cpu-replay.json', result);
  else {
    out = resolve(values.out);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  }
  process.stderr.write(`wrote ${out}\n`);
}

await main();
