/**
 * Figures of issue #16 items 4 (PostgreSQL backend) and 5 (adapters):
 *
 * 1. PostgreSQL long-term backend at 10 000 records of one owner (the text
 *    of real tau and SWE messages, 1 000 more records of another owner): time
 *    to add them (batches of 1 000), then search latency (median, p95) for
 *    queries made of words of the records (an identifier plus two words), and
 *    how many hits come from another owner (must be 0).
 * 2. Recording never delays the reply: an AI SDK `generateText` through
 *    `longTermMemoryMiddleware` (static mode) whose backend's `add` takes
 *    200 ms, against the same call without the middleware; median reply time
 *    over 20 calls each, and the recordings still pending when the reply
 *    returned.
 *
 * A private PostgreSQL server in a temporary directory (as the store tests),
 * or the one named by ACM_BENCH_POSTGRES_URL.
 *
 *   cd bench && npx tsx --conditions=@acm/source retrieval/long-term-adapters.ts
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { longTermMemoryMiddleware } from '@acm/ai-sdk';
import {
  createInMemoryLongTermBackend,
  createLongTermMemory,
  tokenizeForSearch,
} from '@acm/core/long-term';
import type { LongTermRecord } from '@acm/core/long-term';
import { loadSharedConversationsAsCore } from '@acm/core/testing';
import {
  createPostgresLongTermBackend,
  migratePostgresLongTermBackend,
} from '@acm/store-postgres';
import { generateText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import pg from 'pg';
import { startBenchServer } from '../lib/bench-servers';
import { benchText, median, percentile } from '../lib/retrieval-probes';
import { writeResult } from '../lib/write-result';

const RECORDS = 10_000;
const OTHER_RECORDS = 1_000;
const QUERIES = 200;
const REPLIES = 20;
const SLOW_ADD_MS = 200;

// ---- 1. PostgreSQL backend ---------------------------------------------------
async function measurePostgres(url: string) {
  const texts: string[] = [];
  for (const dataset of ['tau', 'swe'] as const) {
    for (const conversation of loadSharedConversationsAsCore({ dataset })) {
      for (const message of conversation.messages) {
        if (message.role === 'system') continue;
        const text = benchText(message).trim().slice(0, 4_000);
        if (text !== '') texts.push(text);
        if (texts.length >= RECORDS + OTHER_RECORDS) break;
      }
      if (texts.length >= RECORDS + OTHER_RECORDS) break;
    }
  }
  const owner = { userId: 'bench-user' };
  const other = { userId: 'bench-other' };
  const records: LongTermRecord[] = texts.map((text, index) => ({
    id: `r-${index}`,
    owner: index < RECORDS ? owner : other,
    text,
    createdAt: index,
    source: 'framework',
  }));
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => undefined);
  try {
    await pool.query('DROP TABLE IF EXISTS bench_long_term');
    await migratePostgresLongTermBackend({ pool, table: 'bench_long_term' });
    const backend = createPostgresLongTermBackend({
      pool,
      table: 'bench_long_term',
    });
    const addStart = performance.now();
    for (let start = 0; start < records.length; start += 1_000) {
      await backend.add(records.slice(start, start + 1_000));
    }
    const addMs = performance.now() - addStart;
    await pool.query('ANALYZE bench_long_term');
    // Queries: an identifier-like word (has a digit) and two other words of one of the owner's records.
    const queries: string[] = [];
    for (
      let index = 0;
      queries.length < QUERIES && index < RECORDS;
      index += 37
    ) {
      const terms = [...new Set(tokenizeForSearch(records[index]!.text))];
      const id = terms.find((term) => /\d/.test(term) && /[a-z]/.test(term));
      const words = terms.filter((term) => term !== id && term.length > 3);
      if (id === undefined || words.length < 2) continue;
      queries.push(
        [id, words[0], words[Math.floor(words.length / 2)]].join(' '),
      );
    }
    const latencies: number[] = [];
    let foreign = 0;
    let withHits = 0;
    for (const query of queries) {
      const start = performance.now();
      const hits = await backend.search({ owner, query, limit: 5 });
      latencies.push(performance.now() - start);
      if (hits.length > 0) withHits++;
      foreign += hits.filter(
        (hit) => hit.record.owner.userId !== owner.userId,
      ).length;
    }
    return {
      records: RECORDS,
      otherOwnerRecords: OTHER_RECORDS,
      addMs: Math.round(addMs),
      queries: queries.length,
      queriesWithHits: withHits,
      searchMedianMs: round(median(latencies)),
      searchP95Ms: round(percentile(latencies, 95)),
      hitsFromAnotherOwner: foreign,
    };
  } finally {
    await pool
      .query('DROP TABLE IF EXISTS bench_long_term')
      .catch(() => undefined);
    await pool.end();
  }
}

// ---- 2. reply time with a slow recording --------------------------------------
async function measureReplies() {
  const model = () =>
    new MockLanguageModelV4({
      doGenerate: () =>
        Promise.resolve({
          content: [{ type: 'text', text: 'Your flight is HAT052.' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: {
            inputTokens: {
              total: 10,
              noCache: 10,
              cacheRead: 0,
              cacheWrite: 0,
            },
            outputTokens: { total: 5, text: 5, reasoning: 0 },
          },
          warnings: [],
        }),
    });
  const inner = createInMemoryLongTermBackend();
  let pendingAtReply = 0;
  let inFlight = 0;
  const memory = createLongTermMemory({
    backend: {
      ...inner,
      add: async (records, options) => {
        inFlight++;
        await new Promise((resolve) => setTimeout(resolve, SLOW_ADD_MS));
        const result = await inner.add(records, options);
        inFlight--;
        return result;
      },
      search: (request) => inner.search(request),
      deleteOwner: (who) => inner.deleteOwner(who),
    },
    owner: { userId: 'bench' },
    mode: 'static',
  });
  const ltm = longTermMemoryMiddleware({ memory });
  const withMemory = wrapLanguageModel({ model: model(), middleware: ltm });
  const without = model();
  const timed: { with: number[]; without: number[] } = {
    with: [],
    without: [],
  };
  for (let index = 0; index < REPLIES; index++) {
    const prompt = `Which flight is reservation XEWRD${index} on?`;
    let start = performance.now();
    await generateText({ model: without, prompt });
    timed.without.push(performance.now() - start);
    start = performance.now();
    await generateText({ model: withMemory, prompt });
    timed.with.push(performance.now() - start);
    pendingAtReply += inFlight > 0 ? 1 : 0;
  }
  await ltm.flush();
  return {
    replies: REPLIES,
    slowAddMs: SLOW_ADD_MS,
    replyMedianMsWithout: round(median(timed.without)),
    replyMedianMsWithMiddleware: round(median(timed.with)),
    replyMaxMsWithMiddleware: round(Math.max(...timed.with)),
    repliesReturnedWhileRecordingPending: pendingAtReply,
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

const server = await startBenchServer('postgres');
try {
  const postgres = await measurePostgres(server.url);
  const replies = await measureReplies();
  const result = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      load: loadavg().map((value) => round(value)),
    },
    postgres,
    replies,
  };
  console.log(JSON.stringify(result, null, 2));
  writeResult('long-term-adapters.json', result);
} finally {
  await server.stop();
}
