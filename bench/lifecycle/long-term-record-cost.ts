/**
 * What long-term recording costs per turn when the app passes the whole
 * conversation every turn (issue #29 item 4), and what a restart records
 * again (issue #24 item 3).
 *
 * For each size N (1k / 10k / 50k messages, real tau and SWE messages under
 * fresh ids, user / assistant / tool): one `createLongTermMemory` over the
 * embedded backend records the N messages (not timed), then for TURNS turns
 * a user and an assistant message are appended and `record(whole
 * conversation)` is timed (awaited; it stores the two new records); then
 * REBUILT more turns pass the conversation rebuilt (new objects, same ids:
 * an app that reads it back from its database every turn; the copy is not
 * timed). Then a
 * restart: a new `createLongTermMemory` over the same backend records the
 * same whole conversation once (timed), and the records the backend holds
 * are counted: copies of each message recorded (1 = each message once).
 *
 * Quote the median and the ratio 50k ÷ 1k (flat is O(new)). Runs unchanged
 * against older versions of core (only the public `record` API).
 *
 *   cd bench && npx tsx --conditions=@acm/source lifecycle/long-term-record-cost.ts [--sizes 1000,10000,50000] [--turns 200] [--out file]
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Message } from '@acm/core';
import {
  createEmbeddedLongTermBackend,
  createLongTermMemory,
} from '@acm/core/long-term';
import { loadSharedConversationsAsCore } from '@acm/core/testing';
import { median } from '../lib/stats';
import { percentile } from '../lib/retrieval-probes';
import { writeResult } from '../lib/write-result';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,50000' },
    turns: { type: 'string', default: '200' },
    out: { type: 'string', default: 'long-term-record-cost.json' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const TURNS = Number(values.turns);
const REBUILT = 50;

/** Real messages of a kept role, cycled under fresh ids up to `count`. */
function conversationOf(count: number, pool: readonly Message[]): Message[] {
  return Array.from({ length: count }, (_, index) => ({
    ...pool[index % pool.length]!,
    id: `m${index}`,
  }));
}

const pool: Message[] = [];
for (const dataset of ['tau', 'swe'] as const) {
  for (const conversation of loadSharedConversationsAsCore({ dataset })) {
    for (const message of conversation.messages) {
      if (message.role !== 'system') pool.push(message);
    }
  }
}
const users = pool.filter((message) => message.role === 'user');
const assistants = pool.filter((message) => message.role === 'assistant');

const rows = [];
for (const size of sizes) {
  const backend = createEmbeddedLongTermBackend();
  const memory = createLongTermMemory({
    backend,
    owner: { userId: 'bench-user' },
    mode: 'static',
    sessionId: 'bench-thread',
  });
  const conversation = conversationOf(size, pool);
  const fillStarted = performance.now();
  await memory.record(conversation);
  const fillMs = performance.now() - fillStarted;

  const turnMs: number[] = [];
  for (let turn = 0; turn < TURNS; turn++) {
    conversation.push(
      { ...users[turn % users.length]!, id: `t${turn}-user` },
      { ...assistants[turn % assistants.length]!, id: `t${turn}-assistant` },
    );
    const started = performance.now();
    await memory.record(conversation);
    turnMs.push(performance.now() - started);
  }

  const rebuiltMs: number[] = [];
  for (let turn = TURNS; turn < TURNS + REBUILT; turn++) {
    conversation.push(
      { ...users[turn % users.length]!, id: `t${turn}-user` },
      { ...assistants[turn % assistants.length]!, id: `t${turn}-assistant` },
    );
    const rebuilt = conversation.map((message) => ({ ...message }));
    const started = performance.now();
    await memory.record(rebuilt);
    rebuiltMs.push(performance.now() - started);
  }

  const restarted = createLongTermMemory({
    backend,
    owner: { userId: 'bench-user' },
    mode: 'static',
    sessionId: 'bench-thread',
  });
  const restartStarted = performance.now();
  await restarted.record(conversation);
  const restartMs = performance.now() - restartStarted;
  // A message longer than a record is several parts: count its first.
  const firsts = backend
    .records()
    .filter((record) => (record.metadata?.part ?? '1/').startsWith('1/'));
  const messageIds = new Set(
    firsts.map((record) => record.metadata?.messageId),
  );
  const copiesPerMessage = firsts.length / messageIds.size;

  const row = {
    messages: size,
    turns: TURNS,
    fillMs: Math.round(fillMs),
    turnMedianMs: Number(median(turnMs).toFixed(3)),
    turnP95Ms: Number(percentile(turnMs, 95).toFixed(3)),
    rebuiltTurnMedianMs: Number(median(rebuiltMs).toFixed(3)),
    restartRecordMs: Math.round(restartMs),
    copiesPerMessageAfterRestart: Number(copiesPerMessage.toFixed(3)),
  };
  rows.push(row);
  console.log(
    `${size} messages: record(whole conversation) per turn median ${row.turnMedianMs} ms (p95 ${row.turnP95Ms}), rebuilt every turn ${row.rebuiltTurnMedianMs} ms; ` +
      `first record after a restart ${row.restartRecordMs} ms, copies of each message ${row.copiesPerMessageAfterRestart} (fill ${row.fillMs} ms)`,
  );
}
const first = rows[0]!;
const last = rows.at(-1)!;
const ratio = Number((last.turnMedianMs / first.turnMedianMs).toFixed(2));
console.log(
  `per-turn median ${last.messages} ÷ ${first.messages}: ${ratio}× (load average ${loadavg()[0]!.toFixed(1)}, ${cpus().length} cores)`,
);
const file = writeResult(values.out, {
  label: 'long-term record cost',
  node: process.version,
  loadAverage: Number(loadavg()[0]!.toFixed(2)),
  rows,
  perTurnMedianRatio: ratio,
});
console.log(`wrote ${file}`);
