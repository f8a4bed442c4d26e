import { InvalidStateError, StoreError } from '@acm/core';
import type { ContextState, Message } from '@acm/core';
import {
  captureError,
  describeMemoryOnStore,
  describeSessionStore,
} from '@acm/core/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startPostgresTestServer } from './__fixtures__/postgres-server';
import { migratePostgresSessionStore } from './migrate-postgres-session-store';
import { createPostgresSessionStore } from './postgres-session-store';

function createPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 8 });
  // Idle connections report server restarts here; the store reports them as StoreError.
  pool.on('error', () => undefined);
  return pool;
}

/** Crash tests start a server of their own; without PostgreSQL on this machine they are skipped. */
const canStartServers = inject('postgresCanStartServers');

let pool: pg.Pool;
let tableCount = 0;
const nextTable = () => `sessions_${tableCount++}`;
const tables = new WeakMap<object, string>();

beforeAll(() => {
  pool = createPool(inject('postgresUrl'));
});

afterAll(async () => {
  await pool.end();
});

describeSessionStore({
  name: 'postgres',
  create: async () => {
    const table = nextTable();
    await migratePostgresSessionStore({ pool, table });
    const store = createPostgresSessionStore({ pool, table });
    tables.set(store, table);
    return store;
  },
  cleanup: async (store) => {
    await pool.query(`DROP TABLE IF EXISTS "${tables.get(store)}"`);
    await pool.query(`DROP TABLE IF EXISTS "${tables.get(store)}_log"`);
  },
  // Behind the store's back, as corruption or a newer version would: a new epoch, so no cached cursor applies.
  corruptRecord: async (store, sessionId, kind) => {
    const table = tables.get(store)!;
    await pool.query(
      `UPDATE "${table}" SET state = $2::jsonb WHERE session_id = $1`,
      [
        sessionId,
        JSON.stringify({
          format: 'acm.session-log',
          schemaVersion: kind === 'corrupt' ? 2 : 999,
          epoch: kind,
        }),
      ],
    );
    if (kind === 'corrupt') {
      await pool.query(
        `UPDATE "${table}_log" SET record = '{"revision":"one"}' WHERE session_id = $1`,
        [sessionId],
      );
    }
  },
  logAccess: {
    reopen: (store) =>
      createPostgresSessionStore({ pool, table: tables.get(store)! }),
    rewriteLog: async (store, sessionId, rewrite) => {
      const log = `"${tables.get(store)!}_log"`;
      const { rows } = await pool.query<{ revision: string; record: string }>(
        `SELECT revision::text AS revision, record::text AS record FROM ${log}
         WHERE session_id = $1 ORDER BY revision`,
        [sessionId],
      );
      const records = rewrite(
        rows.map((row) => ({
          revision: Number(row.revision),
          text: row.record,
        })),
      );
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`DELETE FROM ${log} WHERE session_id = $1`, [
          sessionId,
        ]);
        for (const { revision, text } of records) {
          await client.query(
            `INSERT INTO ${log} (session_id, revision, record) VALUES ($1, $2, $3::jsonb)`,
            [sessionId, revision, text],
          );
        }
        await client.query('COMMIT');
        return true;
      } catch (error) {
        await client.query('ROLLBACK');
        // jsonb holds JSON only: text that is not JSON cannot be stored.
        if ((error as { code?: string }).code === '22P02') return false;
        throw error;
      } finally {
        client.release();
      }
    },
    snapshot: async (store, sessionId) => {
      const table = tables.get(store)!;
      const head = await pool.query(
        `SELECT revision::text AS revision, state::text AS state FROM "${table}" WHERE session_id = $1`,
        [sessionId],
      );
      const log = await pool.query(
        `SELECT revision::text AS revision, record::text AS record FROM "${table}_log"
         WHERE session_id = $1 ORDER BY revision`,
        [sessionId],
      );
      return { head: head.rows, log: log.rows };
    },
  },
});

describeMemoryOnStore({
  name: 'postgres',
  create: async () => {
    const table = `memory_sessions_${tableCount++}`;
    await migratePostgresSessionStore({ pool, table });
    return createPostgresSessionStore({ pool, table });
  },
  startCrashable: !canStartServers
    ? undefined
    : async () => {
        const server = await startPostgresTestServer();
        const own = createPool(server.connectionString);
        const close = async () => {
          await own.end();
          await server.stop();
        };
        try {
          await migratePostgresSessionStore({ pool: own });
        } catch (error) {
          await close();
          throw error;
        }
        return {
          store: createPostgresSessionStore({ pool: own }),
          crash: () => server.crash(),
          restart: () => server.start(),
          close,
        };
      },
});

function createState(
  sessionId: string,
  revision: number,
  text = 'hello',
): ContextState {
  const message: Message = {
    id: 'user-1',
    role: 'user',
    content: [{ type: 'text', text }],
  };
  return {
    sessionId,
    working: [message],
    original: [message],
    offloads: {},
    events: [],
    revision,
  };
}

describe('migratePostgresSessionStore', () => {
  it('should create the table with its columns, idempotently and concurrently', async () => {
    const table = nextTable();

    await Promise.all(
      [1, 2, 3].map(() => migratePostgresSessionStore({ pool, table })),
    );
    await migratePostgresSessionStore({ pool, table });

    const { rows } = await pool.query<{
      column_name: string;
      data_type: string;
      is_nullable: string;
    }>(
      `SELECT column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_name = $1 ORDER BY ordinal_position`,
      [table],
    );
    expect(rows).toStrictEqual([
      { column_name: 'session_id', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'revision', data_type: 'bigint', is_nullable: 'NO' },
      { column_name: 'state', data_type: 'jsonb', is_nullable: 'NO' },
      {
        column_name: 'updated_at',
        data_type: 'timestamp with time zone',
        is_nullable: 'NO',
      },
    ]);
    const log = await pool.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns
       WHERE table_name = $1 ORDER BY ordinal_position`,
      [`${table}_log`],
    );
    expect(log.rows).toStrictEqual([
      { column_name: 'session_id', data_type: 'text' },
      { column_name: 'revision', data_type: 'bigint' },
      { column_name: 'record', data_type: 'jsonb' },
    ]);
  });

  it('should use the default table acm_sessions and a schema-qualified name', async () => {
    // The connection's schema: public on the private server, the run's own on ACM_POSTGRES_URL.
    const { rows: current } = await pool.query<{ schema: string }>(
      'SELECT current_schema() AS schema',
    );
    const schema = current[0]!.schema;
    const qualified = `${schema}_qualified`;
    await pool.query(`CREATE SCHEMA IF NOT EXISTS "${qualified}"`);
    try {
      await migratePostgresSessionStore({ pool });
      await migratePostgresSessionStore({
        pool,
        table: `${qualified}.sessions`,
      });
      const store = createPostgresSessionStore({
        pool,
        table: `${qualified}.sessions`,
      });
      await store.save('s', createState('s', 1), { expectedRevision: null });

      const { rows } = await pool.query<{ name: string }>(
        `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
         WHERE table_name IN ('acm_sessions', 'sessions') AND table_schema IN ($1, $2)`,
        [schema, qualified],
      );
      expect(rows.map(({ name }) => name).sort()).toStrictEqual(
        [`${qualified}.sessions`, `${schema}.acm_sessions`].sort(),
      );
      expect(await store.load('s')).toStrictEqual(createState('s', 1));
    } finally {
      await pool.query(`DROP SCHEMA "${qualified}" CASCADE`);
    }
  });

  it('should reject an invalid table name before any query', async () => {
    const error = await captureError(() =>
      migratePostgresSessionStore({ pool, table: 'x; DROP TABLE y' }),
    );

    expect(error).toMatchObject({ code: 'INVALID_CONFIG', parameter: 'table' });
  });
});

describe('createPostgresSessionStore', () => {
  it('should store the session log as queryable JSONB with NUL escaped losslessly', async () => {
    const table = nextTable();
    await migratePostgresSessionStore({ pool, table });
    const store = createPostgresSessionStore({ pool, table });
    const state = createState('s', 3, 'a\u0000b');

    await store.save('s', state, { expectedRevision: null });

    const { rows } = await pool.query<{
      revision: string;
      text: string;
      format: string;
    }>(
      `SELECT s.revision::text AS revision, l.record #>> '{original,0,content,0,text}' AS text,
              s.state ->> 'format' AS format
       FROM "${table}" s JOIN "${table}_log" l USING (session_id) WHERE session_id = $1`,
      ['s'],
    );
    expect(rows).toStrictEqual([
      { revision: '3', text: 'a\u00010b', format: 'acm.session-log' },
    ]);
    expect(await store.load('s')).toStrictEqual(state);
  });

  it('should insert one record per save with only what changed', async () => {
    const table = nextTable();
    await migratePostgresSessionStore({ pool, table });
    const store = createPostgresSessionStore({ pool, table });
    const first = createState('s', 1, 'x'.repeat(100_000));
    const added: Message = {
      id: 'user-2',
      role: 'user',
      content: [{ type: 'text', text: 'and now?' }],
    };
    const second = {
      ...first,
      working: [...first.working, added],
      original: [...first.original, added],
      revision: 2,
    };

    await store.save('s', first, { expectedRevision: null });
    await store.save('s', second, { expectedRevision: 1 });

    const { rows } = await pool.query<{ revision: string; record: unknown }>(
      `SELECT revision::text AS revision, record FROM "${table}_log"
       WHERE session_id = 's' AND revision > 1`,
    );
    expect(rows).toStrictEqual([
      {
        revision: '2',
        record: { revision: 2, original: [added], working: [1] },
      },
    ]);
    expect(
      await createPostgresSessionStore({ pool, table }).load('s'),
    ).toStrictEqual(second);
  });

  it('should migrate a row stored before session logs on its next save', async () => {
    const table = nextTable();
    await migratePostgresSessionStore({ pool, table });
    const legacy = createState('s', 4);
    await pool.query(
      `INSERT INTO "${table}" (session_id, revision, state) VALUES ('s', 4, $1::jsonb)`,
      [
        JSON.stringify({
          format: 'acm.context-state',
          schemaVersion: 1,
          ...legacy,
        }),
      ],
    );
    const store = createPostgresSessionStore({ pool, table });

    const loaded = await store.load('s');
    expect(loaded).toStrictEqual(legacy);
    await store.save('s', { ...loaded!, revision: 5 }, { expectedRevision: 4 });

    const { rows } = await pool.query<{ format: string }>(
      `SELECT state ->> 'format' AS format FROM "${table}"`,
    );
    expect(rows).toStrictEqual([{ format: 'acm.session-log' }]);
    expect(
      await createPostgresSessionStore({ pool, table }).load('s'),
    ).toStrictEqual({ ...legacy, revision: 5 });
  });

  it('should refuse to overwrite a corrupt or newer row and leave it untouched', async () => {
    const table = nextTable();
    await migratePostgresSessionStore({ pool, table });
    await pool.query(
      `INSERT INTO "${table}" (session_id, revision, state) VALUES
        ('a', 1, '{"format":"other"}'),
        ('b', 1, '{"format":"acm.session-log","schemaVersion":3,"epoch":"e"}'),
        ('c', 2, $1::jsonb)`,
      [
        JSON.stringify({
          format: 'acm.context-state',
          schemaVersion: 1,
          ...createState('c', 1),
        }),
      ],
    );
    const store = createPostgresSessionStore({ pool, table });

    for (const [sessionId, revision] of [
      ['a', 1],
      ['b', 1],
      ['c', 2],
    ] as const) {
      const error = await captureError(() =>
        Promise.resolve(
          store.save(sessionId, createState(sessionId, revision + 1), {
            expectedRevision: revision,
          }),
        ),
      );
      expect(StoreError.isInstance(error)).toBe(true);
      expect((error as StoreError).message).toContain('is corrupt');
    }
    const { rows } = await pool.query<{ revision: string }>(
      `SELECT revision::text AS revision FROM "${table}" ORDER BY session_id`,
    );
    expect(rows.map((row) => row.revision)).toStrictEqual(['1', '1', '2']);
  });

  it('should report the stored revision in a conflict', async () => {
    const table = nextTable();
    await migratePostgresSessionStore({ pool, table });
    const store = createPostgresSessionStore({ pool, table });
    await store.save('s', createState('s', 4), { expectedRevision: null });

    const error = await captureError(() =>
      Promise.resolve(
        store.save('s', createState('s', 3), { expectedRevision: 2 }),
      ),
    );

    expect(error).toMatchObject({
      code: 'STORE_CONFLICT',
      sessionId: 's',
      expectedRevision: 2,
      actualRevision: 4,
    });
  });

  it('should fail on a corrupt row with StoreError and leave it untouched', async () => {
    const table = nextTable();
    await migratePostgresSessionStore({ pool, table });
    const store = createPostgresSessionStore({ pool, table });
    await pool.query(
      `INSERT INTO "${table}" (session_id, revision, state) VALUES ('s', 1, '{"format":"other"}')`,
    );

    const error = await captureError(() => Promise.resolve(store.load('s')));

    expect(StoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ operation: 'load', sessionId: 's' });
    expect(InvalidStateError.isInstance((error as StoreError).cause)).toBe(
      true,
    );
    const { rows } = await pool.query<{ state: unknown }>(
      `SELECT state FROM "${table}"`,
    );
    expect(rows).toStrictEqual([{ state: { format: 'other' } }]);
  });

  it('should turn a server error into StoreError with the cause', async () => {
    const store = createPostgresSessionStore({ pool, table: 'no_such_table' });

    const error = await captureError(() => Promise.resolve(store.list()));

    expect(StoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'STORE_FAILURE', operation: 'list' });
    expect((error as StoreError).cause).toMatchObject({ code: '42P01' });
  });

  it('should reject invalid options with InvalidConfigError', () => {
    expect(() => createPostgresSessionStore({ pool, table: 'a-b' })).toThrow(
      expect.objectContaining({ code: 'INVALID_CONFIG', parameter: 'table' }),
    );
  });

  it.skipIf(!canStartServers)(
    'should fail with StoreError while the server is down and resume with nothing lost',
    async () => {
      const server = await startPostgresTestServer();
      const own = createPool(server.connectionString);
      try {
        await migratePostgresSessionStore({ pool: own });
        const store = createPostgresSessionStore({ pool: own });
        await store.save('s', createState('s', 1), { expectedRevision: null });

        await server.crash();
        const saveError = await captureError(() =>
          Promise.resolve(
            store.save('s', createState('s', 2), { expectedRevision: 1 }),
          ),
        );
        const loadError = await captureError(() =>
          Promise.resolve(store.load('s')),
        );
        await server.start();

        expect(StoreError.isInstance(saveError)).toBe(true);
        expect(saveError).toMatchObject({ operation: 'save', sessionId: 's' });
        expect((saveError as StoreError).cause).toBeInstanceOf(Error);
        expect(StoreError.isInstance(loadError)).toBe(true);
        expect(await store.load('s')).toStrictEqual(createState('s', 1));
        await store.save('s', createState('s', 2), { expectedRevision: 1 });
        expect(await store.load('s')).toStrictEqual(createState('s', 2));
      } finally {
        await own.end();
        await server.stop();
      }
    },
  );
});
