/**
 * PostgreSQL `load()` ÷ Redis `load()` of the same session (issue #29 item 4:
 * goal ≤ 2× at 10k and 5k messages). Each store gets the same sessions of
 * real SWE messages (copies of the shared conversations under fresh ids),
 * in two shapes: `appended` — saved after every message, so the log is one
 * full record and a delta per message (a chat); `compacted` — saved once,
 * one full record. Then `load()` by a fresh store instance, the stores
 * alternating, median of LOADS; every loaded state is checked deep-equal to
 * the saved one. Private Redis and PostgreSQL servers are started for the run
 * (bench/lib/bench-servers.ts), unless ACM_BENCH_REDIS_URL /
 * ACM_BENCH_POSTGRES_URL name running ones.
 *
 * Run: cd bench && npx tsx --conditions=@acm/source stores/store-load-ratio.ts   # or: pnpm store-load-ratio
 * Writes bench/results/store-load-ratio.json.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import type { ContextState, Message, SessionStore } from '@acm/core';
import { loadSharedConversationsAsCore } from '@acm/core/testing';
import {
  createPostgresSessionStore,
  migratePostgresSessionStore,
} from '@acm/store-postgres';
import { createRedisSessionStore } from '@acm/store-redis';
import pg from 'pg';
import { createClient } from 'redis';
import { startBenchServer } from '../lib/bench-servers';
import { median } from '../lib/stats';
import { writeResult } from '../lib/write-result';
const SIZES = [5_000, 10_000];
const SHAPES = ['appended', 'compacted'] as const;
const LOADS = Number(process.env.ACM_LOAD_RATIO_LOADS ?? 11);

type Shape = (typeof SHAPES)[number];

interface Row {
  readonly messages: number;
  readonly shape: Shape;
  /** UTF-8 bytes of the state's messages as JSON. */
  readonly stateBytes: number;
  readonly redisMs: number;
  readonly postgresMs: number;
  readonly ratio: number;
}

/** `size` real SWE messages, whole conversations in order, each copy under fresh ids. */
function buildHistory(size: number, prefix: string): Message[] {
  const source = loadSharedConversationsAsCore({ dataset: 'swe' });
  const history: Message[] = [];
  for (let copy = 0; history.length < size; copy += 1) {
    for (const message of source[copy % source.length]!.messages) {
      if (history.length === size) break;
      history.push({ ...message, id: `${prefix}${copy}-${message.id}` });
    }
  }
  return history;
}

function stateOf(
  sessionId: string,
  messages: readonly Message[],
  revision: number,
): ContextState {
  return {
    sessionId,
    working: messages,
    original: messages,
    offloads: {},
    events: [],
    revision,
  };
}

/** Saves the session in `shape`; returns the final state. */
async function write(
  store: SessionStore,
  sessionId: string,
  history: readonly Message[],
  shape: Shape,
): Promise<ContextState> {
  if (shape === 'compacted') {
    const state = stateOf(sessionId, history, 1);
    await store.save(sessionId, state, { expectedRevision: null });
    return state;
  }
  let state = stateOf(sessionId, history.slice(0, 1), 1);
  await store.save(sessionId, state, { expectedRevision: null });
  for (let index = 1; index < history.length; index += 1) {
    const next = stateOf(
      sessionId,
      [...state.working, history[index]!],
      state.revision + 1,
    );
    // The same list objects as a memory hands its store: a delta per message.
    const appended = {
      ...next,
      original: next.working,
    };
    await store.save(sessionId, appended, {
      expectedRevision: state.revision,
    });
    state = appended;
  }
  return state;
}

async function main(): Promise<void> {
  const redisServer = await startBenchServer('redis');
  const postgresServer = await startBenchServer('postgres');
  const client = createClient({ url: redisServer.url });
  client.on('error', () => undefined);
  await client.connect();
  const pool = new pg.Pool({ connectionString: postgresServer.url, max: 2 });
  pool.on('error', () => undefined);
  await migratePostgresSessionStore({ pool });
  const stores = {
    redis: () => createRedisSessionStore({ client }),
    postgres: () => createPostgresSessionStore({ pool }),
  };
  const rows: Row[] = [];
  try {
    for (const size of SIZES) {
      const history = buildHistory(size, `m${size}-`);
      const stateBytes = Buffer.byteLength(JSON.stringify(history));
      for (const shape of SHAPES) {
        const sessionId = `load-${size}-${shape}`;
        process.stderr.write(`${sessionId}: writing…\n`);
        const saved = {
          redis: await write(stores.redis(), sessionId, history, shape),
          postgres: await write(stores.postgres(), sessionId, history, shape),
        };
        const times = { redis: [] as number[], postgres: [] as number[] };
        for (let round = 0; round < LOADS; round += 1) {
          const order =
            round % 2 === 0
              ? (['redis', 'postgres'] as const)
              : (['postgres', 'redis'] as const);
          for (const name of order) {
            const store = stores[name]();
            const start = performance.now();
            const loaded = await store.load(sessionId);
            times[name].push(performance.now() - start);
            if (round === 0 && !isDeepStrictEqual(loaded, saved[name])) {
              throw new Error(`${name}: the loaded state differs`);
            }
          }
        }
        const redisMs = median(times.redis);
        const postgresMs = median(times.postgres);
        rows.push({
          messages: size,
          shape,
          stateBytes,
          redisMs,
          postgresMs,
          ratio: postgresMs / redisMs,
        });
      }
    }
  } finally {
    client.destroy();
    await pool.end();
    await redisServer.stop();
    await postgresServer.stop();
  }

  console.log(
    `\nload() by a fresh store instance, median of ${LOADS} (stores alternating)`,
  );
  console.log(
    '| messages | log | state bytes | Redis ms | PostgreSQL ms | PostgreSQL ÷ Redis |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.messages} | ${row.shape} | ${row.stateBytes} | ${row.redisMs.toFixed(1)} | ${row.postgresMs.toFixed(1)} | ${row.ratio.toFixed(2)} |`,
    );
  }
  const out = writeResult('store-load-ratio.json', {
    machine: { cpus: cpus().length, loadavg: loadavg() },
    loads: LOADS,
    rows,
  });
  console.log(`\nwrote ${out}`);
}

await main();
