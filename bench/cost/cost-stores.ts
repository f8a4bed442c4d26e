/**
 * The stores' part of bench/cost/cost.ts: bytes written and latency of the
 * `save()` that follows appending one real message, on a memory of 100 and of
 * 10,000 messages, on the file store (bytes appended to the session file),
 * Redis (bytes of the save script's arguments: the record plus a few small
 * fields) and PostgreSQL (WAL bytes, `pg_current_wal_insert_lsn()` before and
 * after; private server with default settings: fsync and full_page_writes on).
 * Private Redis and PostgreSQL servers are started for the run (as
 * bench/stores/store-load.ts does), unless ACM_BENCH_REDIS_URL /
 * ACM_BENCH_POSTGRES_URL name running ones.
 */
import { readdirSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { AutoContextMemory, createApproximateTokenCounter } from '@acm/core';
import type { Message, SessionStore } from '@acm/core';
import { createFileSessionStore } from '@acm/store-file';
import {
  createPostgresSessionStore,
  migratePostgresSessionStore,
} from '@acm/store-postgres';
import { createRedisSessionStore } from '@acm/store-redis';
import type { RedisSessionStoreClient } from '@acm/store-redis';
import pg from 'pg';
import { createClient } from 'redis';
import { startBenchServer } from '../lib/bench-servers';
import { median } from '../lib/stats';

export interface StoreFigures {
  readonly store: 'file' | 'redis' | 'postgres';
  readonly messages: number;
  readonly saves: number;
  /** What is counted as written. */
  readonly bytesMeasure: string;
  /** Median bytes written by one save after appending one message. */
  readonly medianBytes: number;
  readonly maxBytes: number;
  /** Median UTF-8 bytes of the appended message's JSON. */
  readonly medianMessageBytes: number;
  /** Saves whose bytes were ≤ 2 × the message + 4 KB. */
  readonly withinGoal: number;
  /** Median latency of save(), ms. */
  readonly medianSaveMs: number;
  /** Bytes and ms of the first save (the whole state, one full record). */
  readonly firstSaveBytes: number;
  readonly firstSaveMs: number;
}

const SAVES = Number(process.env.ACM_COST_SAVES ?? 40);
const STORE_SIZES = [100, 10_000];

interface Harness {
  readonly name: StoreFigures['store'];
  readonly bytesMeasure: string;
  readonly store: SessionStore;
  /** Bytes written since the last call. */
  bytesWritten(sessionId: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * Both sizes of one store in one loop, their saves alternating, so that both
 * see the same machine (the figures are read as a ratio).
 */
async function measureBoth(
  harness: Harness,
  helpers: Helpers,
): Promise<StoreFigures[]> {
  const sessions = [];
  for (const size of STORE_SIZES) {
    const sessionId = `cost-${harness.name}-${size}`;
    const following = helpers
      .buildHistory(size + 3 + SAVES, `s${size}-`)
      .slice(size);
    const memory = new AutoContextMemory({
      sessionId,
      config: { msgThreshold: 10_000_000, maxToken: 1_000_000_000 },
      counter: createApproximateTokenCounter(),
      store: harness.store,
    });
    await memory.addMessages(helpers.buildHistory(size, `s${size}-`));
    await harness.bytesWritten(sessionId);
    const start = performance.now();
    await memory.save();
    const firstSaveMs = performance.now() - start;
    const firstSaveBytes = await harness.bytesWritten(sessionId);
    // Three saves after the first one warm the path (connections, statements, caches); they are not counted.
    for (const message of following.slice(0, 3)) {
      await memory.addMessage(message);
      await memory.save();
    }
    await harness.bytesWritten(sessionId);
    sessions.push({
      size,
      sessionId,
      memory,
      extra: following.slice(3),
      firstSaveMs,
      firstSaveBytes,
      bytes: [] as number[],
      messageBytes: [] as number[],
      latency: [] as number[],
      withinGoal: 0,
    });
  }
  for (let turn = 0; turn < SAVES; turn += 1) {
    for (const session of turn % 2 === 0 ? sessions : [...sessions].reverse()) {
      const message = session.extra[turn]!;
      await session.memory.addMessage(message);
      const start = performance.now();
      await session.memory.save();
      session.latency.push(performance.now() - start);
      const written = await harness.bytesWritten(session.sessionId);
      const size = Buffer.byteLength(JSON.stringify(message));
      session.bytes.push(written);
      session.messageBytes.push(size);
      if (written <= 2 * size + 4096) session.withinGoal += 1;
    }
  }
  const figures: StoreFigures[] = [];
  for (const session of sessions) {
    // The stored state is the memory's, read back by a fresh memory.
    const check = new AutoContextMemory({
      sessionId: session.sessionId,
      counter: createApproximateTokenCounter(),
      store: harness.store,
    });
    await check.load();
    // Deep equality: JSONB normalizes the order of object keys.
    if (!isDeepStrictEqual(check.getState(), session.memory.getState())) {
      throw new Error(`${harness.name}: the loaded state differs`);
    }
    figures.push({
      store: harness.name,
      messages: session.size,
      saves: SAVES,
      bytesMeasure: harness.bytesMeasure,
      medianBytes: median(session.bytes),
      maxBytes: Math.max(...session.bytes),
      medianMessageBytes: median(session.messageBytes),
      withinGoal: session.withinGoal,
      medianSaveMs: median(session.latency),
      firstSaveBytes: session.firstSaveBytes,
      firstSaveMs: session.firstSaveMs,
    });
  }
  return figures;
}

interface Helpers {
  buildHistory: (size: number, prefix: string) => Message[];
  copyMessage: (message: Message, prefix: string) => Message;
}

export async function measureStores(helpers: Helpers): Promise<StoreFigures[]> {
  const figures: StoreFigures[] = [];
  for (const create of [fileHarness, redisHarness, postgresHarness]) {
    const harness = await create();
    try {
      process.stderr.write(
        `${harness.name} store at ${STORE_SIZES.join(' and ')} messages…\n`,
      );
      figures.push(...(await measureBoth(harness, helpers)));
    } finally {
      await harness.close();
    }
  }
  console.log(
    `\nsave() after appending one real message (median of ${SAVES} saves per size, the sizes' saves alternating)`,
  );
  console.log(
    '| store | messages | bytes written | message bytes | ≤ 2 × message + 4 KB | save ms | first save (whole state) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const row of figures) {
    console.log(
      `| ${row.store} | ${row.messages} | ${row.medianBytes} (max ${row.maxBytes}) | ${row.medianMessageBytes} | ${row.withinGoal}/${row.saves} | ${row.medianSaveMs.toFixed(2)} | ${row.firstSaveBytes} B, ${row.firstSaveMs.toFixed(0)} ms |`,
    );
  }
  for (const store of ['file', 'redis', 'postgres'] as const) {
    const rows = figures.filter((row) => row.store === store);
    if (rows.length === 2) {
      console.log(
        `${store}: save latency ${rows[1]!.messages} ÷ ${rows[0]!.messages} messages = ${(rows[1]!.medianSaveMs / rows[0]!.medianSaveMs).toFixed(2)}`,
      );
    }
  }
  return figures;
}

// ---- harnesses ---------------------------------------------------------------

async function fileHarness(): Promise<Harness> {
  const directory = await mkdtemp(join(tmpdir(), 'acm-cost-file-'));
  const store = createFileSessionStore({ directory });
  const known = new Map<string, { size: number; ino: number }>();
  return {
    name: 'file',
    bytesMeasure:
      'bytes appended to the session file (its new size after a rewrite)',
    store,
    async bytesWritten(sessionId) {
      const names = readdirSync(directory).filter(
        (name) => name.endsWith('.json') && !name.startsWith('.'),
      );
      const name = names.find((candidate) => candidate.includes(sessionId));
      if (name === undefined) return 0;
      const facts = await stat(join(directory, name));
      const before = known.get(sessionId);
      known.set(sessionId, { size: facts.size, ino: facts.ino });
      if (before === undefined || before.ino !== facts.ino) return facts.size;
      return facts.size - before.size;
    },
    close: () => rm(directory, { recursive: true, force: true }),
  };
}

async function redisHarness(): Promise<Harness> {
  const server = await startBenchServer('redis', { durable: true });
  const client = createClient({ url: server.url });
  client.on('error', () => undefined);
  await client.connect();
  let sent = 0;
  const count = (options: { arguments: string[] }) => {
    for (const argument of options.arguments)
      sent += Buffer.byteLength(argument);
  };
  const recording: RedisSessionStoreClient = {
    eval: (script, options) => (count(options), client.eval(script, options)),
    evalSha: (sha1, options) => (count(options), client.evalSha(sha1, options)),
    scanIterator: (options) => client.scanIterator(options),
  };
  return {
    name: 'redis',
    bytesMeasure:
      'bytes of the save script arguments (the record + revision, epoch, TTL)',
    store: createRedisSessionStore({ client: recording }),
    bytesWritten() {
      const value = sent;
      sent = 0;
      return Promise.resolve(value);
    },
    async close() {
      client.destroy();
      await server.stop();
    },
  };
}

async function postgresHarness(): Promise<Harness> {
  const server = await startBenchServer('postgres', { durable: true });
  const pool = new pg.Pool({ connectionString: server.url, max: 2 });
  pool.on('error', () => undefined);
  await migratePostgresSessionStore({ pool });
  const lsn = async () =>
    (
      await pool.query<{ lsn: string }>(
        'SELECT pg_current_wal_insert_lsn()::text AS lsn',
      )
    ).rows[0]!.lsn;
  let last = await lsn();
  return {
    name: 'postgres',
    bytesMeasure:
      'WAL bytes (pg_current_wal_insert_lsn before/after; private server, default settings)',
    store: createPostgresSessionStore({ pool }),
    async bytesWritten() {
      const now = await lsn();
      const { rows } = await pool.query<{ bytes: string }>(
        'SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::text AS bytes',
        [now, last],
      );
      // The lsn query itself writes no WAL.
      last = now;
      return Number(rows[0]!.bytes);
    },
    async close() {
      await pool.end();
      await server.stop();
    },
  };
}
