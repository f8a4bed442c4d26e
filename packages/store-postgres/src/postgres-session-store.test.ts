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
  },
});

describeMemoryOnStore({
  name: 'postgres',
  create: async () => {
    const table = `memory_sessions_${tableCount++}`;
    await migratePostgresSessionStore({ pool, table });
    return createPostgresSessionStore({ pool, table });
  },
  startCrashable: async () => {
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
  });

  it('should use the default table acm_sessions and a schema-qualified name', async () => {
    await pool.query('CREATE SCHEMA IF NOT EXISTS acm_test');

    await migratePostgresSessionStore({ pool });
    await migratePostgresSessionStore({ pool, table: 'acm_test.sessions' });
    const store = createPostgresSessionStore({
      pool,
      table: 'acm_test.sessions',
    });
    await store.save('s', createState('s', 1), { expectedRevision: null });

    const { rows } = await pool.query<{ name: string }>(
      `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
       WHERE table_name IN ('acm_sessions', 'sessions') ORDER BY name`,
    );
    expect(rows.map(({ name }) => name)).toStrictEqual([
      'acm_test.sessions',
      'public.acm_sessions',
    ]);
    expect(await store.load('s')).toStrictEqual(createState('s', 1));
  });

  it('should reject an invalid table name before any query', async () => {
    const error = await captureError(() =>
      migratePostgresSessionStore({ pool, table: 'x; DROP TABLE y' }),
    );

    expect(error).toMatchObject({ code: 'INVALID_CONFIG', parameter: 'table' });
  });
});

describe('createPostgresSessionStore', () => {
  it('should store the state as queryable JSONB with NUL escaped losslessly', async () => {
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
      `SELECT revision::text AS revision, state #>> '{working,0,content,0,text}' AS text,
              state ->> 'format' AS format FROM "${table}" WHERE session_id = $1`,
      ['s'],
    );
    expect(rows).toStrictEqual([
      { revision: '3', text: 'a\u00010b', format: 'acm.context-state' },
    ]);
    expect(await store.load('s')).toStrictEqual(state);
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

  it('should fail with StoreError while the server is down and resume with nothing lost', async () => {
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
  });
});
