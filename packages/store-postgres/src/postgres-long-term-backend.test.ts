import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createLongTermMemory } from '@acm/core/long-term';
import type { LongTermRecord, MemoryOwner } from '@acm/core/long-term';
import { captureError, runLongTermBackendConformance } from '@acm/core/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startPostgresTestServer } from './__fixtures__/postgres-server';
import { migratePostgresLongTermBackend } from './migrate-postgres-long-term-backend';
import { createPostgresLongTermBackend } from './postgres-long-term-backend';

function createPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 8 });
  pool.on('error', () => undefined);
  return pool;
}

let pool: pg.Pool;
let tableCount = 0;
const nextTable = () => `long_term_${tableCount++}`;
const tables = new WeakMap<object, string>();

beforeAll(() => {
  pool = createPool(inject('postgresUrl'));
});

afterAll(async () => {
  await pool.end();
});

async function createBackend(table = nextTable(), language?: string) {
  await migratePostgresLongTermBackend({ pool, table });
  const backend = createPostgresLongTermBackend({
    pool,
    table,
    ...(language === undefined ? {} : { language }),
  });
  tables.set(backend, table);
  return backend;
}

/** Pools opened by `reopen` (a new connection, as after a process restart), ended after the tests. */
const reopened: pg.Pool[] = [];

afterAll(async () => {
  await Promise.all(reopened.map((own) => own.end()));
});

runLongTermBackendConformance({
  name: 'postgres',
  create: () => createBackend(),
  cleanup: async (backend) => {
    const table = tables.get(backend)!;
    await pool.query(`DROP TABLE IF EXISTS "${table}", "${table}_marks"`);
  },
  reopen: (backend) => {
    const own = createPool(inject('postgresUrl'));
    reopened.push(own);
    const table = tables.get(backend)!;
    const again = createPostgresLongTermBackend({ pool: own, table });
    tables.set(again, table);
    return again;
  },
  rankByEmbedding: true,
});

let recordCount = 0;
function record(
  owner: MemoryOwner,
  text: string,
  extra: Partial<LongTermRecord> = {},
): LongTermRecord {
  recordCount++;
  return {
    id: `r-${recordCount}`,
    owner,
    text,
    createdAt: 1_700_000_000_000 + recordCount,
    source: 'framework',
    ...extra,
  };
}

const alice: MemoryOwner = { userId: 'alice' };
const bob: MemoryOwner = { userId: 'bob' };

describe('migratePostgresLongTermBackend', () => {
  it('should create the table and its GIN index, idempotently and concurrently', async () => {
    const table = nextTable();

    await Promise.all(
      [1, 2, 3, 4].map(() => migratePostgresLongTermBackend({ pool, table })),
    );
    await migratePostgresLongTermBackend({ pool, table });

    const columns = await pool.query<{
      column_name: string;
      data_type: string;
    }>(
      `SELECT column_name, data_type FROM information_schema.columns
       WHERE table_name = $1 ORDER BY ordinal_position`,
      [table],
    );
    expect(columns.rows).toStrictEqual([
      { column_name: 'id', data_type: 'text' },
      { column_name: 'user_id', data_type: 'text' },
      { column_name: 'agent_id', data_type: 'text' },
      { column_name: 'created_at', data_type: 'double precision' },
      { column_name: 'record', data_type: 'jsonb' },
      { column_name: 'search', data_type: 'tsvector' },
      { column_name: 'tokens', data_type: 'integer' },
      { column_name: 'embedding', data_type: 'ARRAY' },
    ]);
    const indexes = await pool.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE tablename = $1 ORDER BY indexname`,
      [table],
    );
    expect(indexes.rows.map((row) => row.indexdef)).toStrictEqual([
      `CREATE INDEX ${table}_owner ON public.${table} USING btree (user_id, agent_id, created_at)`,
      `CREATE UNIQUE INDEX ${table}_pkey ON public.${table} USING btree (id)`,
      `CREATE INDEX ${table}_search ON public.${table} USING gin (search)`,
    ]);
    const marks = await pool.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE tablename = $1 ORDER BY indexname`,
      [`${table}_marks`],
    );
    expect(marks.rows.map((row) => row.indexdef)).toStrictEqual([
      `CREATE UNIQUE INDEX ${table}_marks_pkey ON public.${table}_marks USING btree (user_id, agent_id, session_id, message_id)`,
    ]);
  });

  it('should add the marks table to a table of the previous version, whose backend says to migrate again', async () => {
    const table = nextTable();
    await migratePostgresLongTermBackend({ pool, table });
    await pool.query(`DROP TABLE "${table}_marks"`);
    const backend = createPostgresLongTermBackend({ pool, table });
    const messages = { owner: alice, messageIds: ['m1'] };

    const before = await captureError(() =>
      backend.add([record(alice, 'kiwi')], { messages }),
    );
    await migratePostgresLongTermBackend({ pool, table });
    const after = await backend.add([record(alice, 'kiwi')], { messages });

    expect(before).toMatchObject({
      code: 'LONG_TERM_MEMORY_FAILURE',
      operation: 'add',
    });
    expect((before as Error).message).toContain(
      `(run migratePostgresLongTermBackend again: this version also needs "${table}_marks")`,
    );
    expect(after).toStrictEqual({ status: 'added' });
    expect(await backend.findRecordedMessages(messages)).toStrictEqual(['m1']);
  });

  it('should reject a bad table name before any query', async () => {
    const injected = await captureError(() =>
      migratePostgresLongTermBackend({ pool, table: 'x; DROP TABLE y' }),
    );
    const long = await captureError(() =>
      migratePostgresLongTermBackend({ pool, table: 'a'.repeat(56) }),
    );

    expect(injected).toMatchObject({
      code: 'INVALID_CONFIG',
      parameter: 'table',
    });
    expect(long).toMatchObject({ code: 'INVALID_CONFIG', parameter: 'table' });
  });

  it('should report a refused migration as a StoreError', async () => {
    const error = await captureError(() =>
      migratePostgresLongTermBackend({
        pool,
        table: 'no_such_schema.long_term',
      }),
    );

    expect(error).toMatchObject({
      code: 'STORE_FAILURE',
      operation: 'connect',
    });
    expect((error as Error).message).toContain(
      'Postgres long-term memory failed to migrate',
    );
  });
});

describe('createPostgresLongTermBackend', () => {
  it('should find identifiers as written, in any case', async () => {
    const backend = await createBackend();
    await backend.add([
      record(alice, 'Reservation ZFA04Y: Boston to Denver on May 3'),
      record(alice, 'Order #W2378156 ships item HAT136 (sun hat) to Denver'),
      record(alice, 'The customer prefers aisle seats'),
    ]);

    const reservation = await backend.search({
      owner: alice,
      query: 'what was zfa04y again?',
      limit: 5,
    });
    const hat = await backend.search({
      owner: alice,
      query: 'HAT136',
      limit: 5,
    });
    const order = await backend.search({
      owner: alice,
      query: '#W2378156',
      limit: 5,
    });

    expect(reservation.map((hit) => hit.record.text)).toStrictEqual([
      'Reservation ZFA04Y: Boston to Denver on May 3',
    ]);
    expect(hat.map((hit) => hit.record.text)).toStrictEqual([
      'Order #W2378156 ships item HAT136 (sun hat) to Denver',
    ]);
    expect(order.map((hit) => hit.record.text)).toStrictEqual([
      'Order #W2378156 ships item HAT136 (sun hat) to Denver',
    ]);
  });

  it('should rank a rare word above a common one (BM25)', async () => {
    const backend = await createBackend();
    const common = Array.from({ length: 6 }, (_, index) =>
      record(alice, `Denver trip note ${index}: booked a flight to Denver`),
    );
    const rare = record(alice, 'Flight ZFA04Y was cancelled');
    await backend.add([...common, rare]);

    const hits = await backend.search({
      owner: alice,
      query: 'Denver flight ZFA04Y',
      limit: 3,
    });

    expect(hits[0]!.record.id).toBe(rare.id);
    expect(hits).toHaveLength(3);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
  });

  it('should match a date however it is written and count the share of query words (as the embedded index)', async () => {
    const backend = await createBackend();
    const iso = record(alice, 'search_direct_flight {"date": "2024-05-20"}');
    const french = record(alice, 'Je pars le 20 mai');
    const may = record(alice, 'You may add 20 bags to the flight');
    const fillers = ['You may cancel', 'May I help?', 'It may rain'].map(
      (text) => record(alice, text),
    );
    await backend.add([iso, french, may, ...fillers]);

    const hits = await backend.search({
      owner: alice,
      query: 'May 20th',
      limit: 3,
    });

    // `may-20` (from 2024-05-20, "20 mai" and "May 20th") is the rarest of
    // the query's terms (`may`, `20`, `may-20`): the two records of that day
    // first (the shorter one ahead), then `may` + `20` without the day.
    expect(hits.map((hit) => hit.record.id)).toStrictEqual([
      french.id,
      iso.id,
      may.id,
    ]);
  });

  it('should stem with a language configuration', async () => {
    const backend = await createBackend(nextTable(), 'english');
    await backend.add([record(alice, 'She cancelled two reservations')], {
      messages: { owner: alice, messageIds: ['m1'] },
    });

    const hits = await backend.search({
      owner: alice,
      query: 'cancel a reservation',
      limit: 5,
    });

    expect(hits.map((hit) => hit.record.text)).toStrictEqual([
      'She cancelled two reservations',
    ]);
  });

  it("should never return, count or delete another owner's records", async () => {
    const backend = await createBackend();
    const aliceAgent: MemoryOwner = { userId: 'alice', agentId: 'travel' };
    const agentOnly: MemoryOwner = { agentId: 'alice' };
    await backend.add([
      record(alice, 'alice secret ZFA04Y'),
      record(bob, 'bob secret ZFA04Y'),
      record(aliceAgent, 'alice travel secret ZFA04Y'),
      record(agentOnly, 'agent alice secret ZFA04Y'),
    ]);

    const seen = await Promise.all(
      [alice, bob, aliceAgent, agentOnly, { userId: 'carol' }].map((owner) =>
        backend.search({ owner, query: 'secret zfa04y', limit: 100 }),
      ),
    );
    const deleted = await backend.deleteOwner(bob);
    const afterDelete = await backend.search({
      owner: alice,
      query: 'secret',
      limit: 100,
    });

    expect(
      seen.map((hits) => hits.map((hit) => hit.record.text)),
    ).toStrictEqual([
      ['alice secret ZFA04Y'],
      ['bob secret ZFA04Y'],
      ['alice travel secret ZFA04Y'],
      ['agent alice secret ZFA04Y'],
      [],
    ]);
    expect(deleted).toBe(1);
    expect(afterDelete.map((hit) => hit.record.text)).toStrictEqual([
      'alice secret ZFA04Y',
    ]);
  });

  it('should keep records losslessly: NUL, lone surrogates, quotes, metadata, embeddings', async () => {
    const backend = await createBackend();
    const odd = record(
      { userId: 'u\u0000\ud800' },
      "it's a\u0000b \\ 'quoted' \ud83d",
      {
        id: 'id\u0001\u0000',
        sessionId: 's-1',
        source: 'agent',
        metadata: { role: 'user', 'k\u0000': 'v\ud800' },
        embedding: [0.1, -0, 1e-300, 3],
      },
    );
    await backend.add([odd]);

    const hits = await backend.search({
      owner: { userId: 'u\u0000\ud800' },
      query: "it's 'quoted' \\",
      limit: 5,
    });

    expect(hits).toHaveLength(1);
    expect(hits[0]!.record).toStrictEqual(odd);
    expect(Object.is(hits[0]!.record.embedding![1], -0)).toBe(true);
  });

  it('should refuse a taken id and add nothing of the batch', async () => {
    const backend = await createBackend();
    const first = record(alice, 'first ZFA04Y');
    await backend.add([first]);

    const error = await captureError(() =>
      backend.add([
        record(alice, 'second ZFA04Y'),
        { ...record(bob, 'third'), id: first.id },
      ]),
    );
    const hits = await backend.search({
      owner: alice,
      query: 'ZFA04Y',
      limit: 10,
    });

    expect(error).toMatchObject({
      code: 'INVALID_ARGUMENT',
      parameter: 'records',
    });
    expect(hits.map((hit) => hit.record.text)).toStrictEqual(['first ZFA04Y']);
  });

  it('should fuse the words ranking with cosine similarity when embeddings are given', async () => {
    const backend = await createBackend();
    const near = record(alice, 'The customer likes window seats', {
      embedding: [1, 0, 0],
    });
    const word = record(alice, 'Seats were upgraded on flight HAT136', {
      embedding: [0, 1, 0],
    });
    const far = record(alice, 'Paid with a gift card', {
      embedding: [0, 0, 1],
    });
    const plain = record(alice, 'No embedding here');
    await backend.add([near, word, far, plain]);

    const byVector = await backend.search({
      owner: alice,
      query: '',
      limit: 2,
      embedding: [0.9, 0.1, 0],
    });
    const hybrid = await backend.search({
      owner: alice,
      query: 'HAT136',
      limit: 4,
      embedding: [0.9, 0.1, 0],
    });
    const otherOwner = await backend.search({
      owner: bob,
      query: '',
      limit: 4,
      embedding: [1, 0, 0],
    });

    expect(byVector.map((hit) => hit.record.id)).toStrictEqual([
      near.id,
      word.id,
    ]);
    // `word` ranks first by words and second by vector: it wins the fusion;
    // `far` (cosine 0) and `plain` (no words, no vector) are not matches.
    expect(hybrid.map((hit) => hit.record.id)).toStrictEqual([
      word.id,
      near.id,
    ]);
    expect(otherOwner).toStrictEqual([]);
  });

  it('should report a server failure as a LongTermMemoryError and validate input first', async () => {
    const backend = createPostgresLongTermBackend({
      pool,
      table: 'never_migrated',
    });

    const failed = await captureError(() =>
      backend.search({ owner: alice, query: 'x', limit: 1 }),
    );
    const invalid = await captureError(() =>
      backend.search({ owner: {}, query: 'x', limit: 1 }),
    );
    const badLanguage = captureError(() =>
      createPostgresLongTermBackend({ pool, language: "simple'; --" }),
    );

    expect(failed).toMatchObject({
      code: 'LONG_TERM_MEMORY_FAILURE',
      operation: 'search',
    });
    expect(invalid).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(await badLanguage).toMatchObject({
      code: 'INVALID_CONFIG',
      parameter: 'language',
    });
  });

  it('should keep message ids and session ids losslessly: NUL, lone surrogates, U+0001', async () => {
    const backend = await createBackend();
    const messageIds = ['a\u0000b', '\ud800', 'x\u0001y', 'plain'];
    const messages = { owner: alice, sessionId: 's\u0000', messageIds };

    await backend.add([], { messages });

    expect(await backend.findRecordedMessages(messages)).toStrictEqual(
      messageIds,
    );
    expect(
      await backend.findRecordedMessages({ ...messages, sessionId: 's' }),
    ).toStrictEqual([]);
  });

  it('should record a conversation once when two instances on two pools record it at once, and after a restart', async () => {
    const backend = await createBackend();
    const table = tables.get(backend)!;
    const other = createPool(inject('postgresUrl'));
    try {
      const memoryOn = (target: typeof backend) =>
        createLongTermMemory({
          backend: target,
          owner: alice,
          mode: 'static',
          sessionId: 'thread-1',
        });
      const conversation = ['u1', 'a1', 'u2'].map((id) => ({
        id,
        role: id.startsWith('u') ? ('user' as const) : ('assistant' as const),
        content: [{ type: 'text' as const, text: `lychee fact ${id}` }],
      }));

      await Promise.all([
        memoryOn(backend).record(conversation),
        memoryOn(createPostgresLongTermBackend({ pool: other, table })).record(
          conversation,
        ),
      ]);
      await memoryOn(
        createPostgresLongTermBackend({ pool: other, table }),
      ).record([
        ...conversation,
        {
          id: 'a2',
          role: 'assistant' as const,
          content: [{ type: 'text' as const, text: 'lychee fact a2' }],
        },
      ]);

      const hits = await backend.search({
        owner: alice,
        query: 'lychee',
        limit: 20,
      });
      expect(
        hits.map((hit) => hit.record.metadata?.messageId).sort(),
      ).toStrictEqual(['a1', 'a2', 'u1', 'u2']);
    } finally {
      await other.end();
    }
  });

  it('should keep records written by another process, across a server crash', async () => {
    const server = await startPostgresTestServer();
    const table = 'long_term_restart';
    try {
      const child = spawnSync(
        process.execPath,
        [
          '--conditions=@acm/source',
          '--import',
          'tsx',
          fileURLToPath(
            new URL(
              './__fixtures__/long-term-writer-child.ts',
              import.meta.url,
            ),
          ),
          server.connectionString,
          table,
        ],
        { encoding: 'utf8', timeout: 60_000 },
      );
      expect(child.stderr).toBe('');
      expect(child.status).toBe(0);
      await server.crash();
      await server.start();

      const fresh = createPool(server.connectionString);
      try {
        const backend = createPostgresLongTermBackend({ pool: fresh, table });
        const hits = await backend.search({
          owner: { userId: 'returning-customer' },
          query: 'reservation ZFA04Y',
          limit: 5,
        });
        const stranger = await backend.search({
          owner: { userId: 'someone-else' },
          query: 'reservation ZFA04Y',
          limit: 5,
        });

        expect(hits.map((hit) => hit.record.text)).toStrictEqual([
          'Reservation ZFA04Y is booked for May 3',
        ]);
        expect(stranger).toStrictEqual([]);
      } finally {
        await fresh.end();
      }
    } finally {
      await server.stop();
    }
  });
});
