import { StoreError } from '@acm/core';
import type { ContextState, Message } from '@acm/core';
import {
  captureError,
  describeMemoryOnStore,
  describeSessionStore,
} from '@acm/core/testing';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startRedisTestServer } from './__fixtures__/redis-server';
import type { RedisTestServer } from './__fixtures__/redis-server';
import { createRedisSessionStore } from './redis-session-store';
import type { RedisSessionStoreClient } from './redis-session-store';

async function connect(url: string) {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { reconnectStrategy: () => 50 },
  });
  // Connection errors surface as StoreError from the store; the client only reports them here.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

type Client = Awaited<ReturnType<typeof connect>>;

/** Starts `server` again after a kill and resolves once `client` has reconnected. */
async function restart(server: RedisTestServer, client: Client): Promise<void> {
  // Not events.once: it would reject on the client's reconnect 'error' events.
  const ready = new Promise<void>((resolve) =>
    client.once('ready', () => resolve()),
  );
  await server.start();
  await ready;
}

let client: Client;
let prefixCount = 0;
/** Empty on the private test server; unique to the run on a server given by `ACM_REDIS_URL`. */
const runPrefix = inject('redisKeyPrefix');
const nextPrefix = () => `${runPrefix}test-${prefixCount++}:`;
/** Crash tests start a server of their own; without redis-server on this machine they are skipped. */
const canStartServers = inject('redisCanStartServers');

beforeAll(async () => {
  client = await connect(inject('redisUrl'));
});

afterAll(() => {
  client.destroy();
});

/** The key prefix of each store `createStore` made. */
const prefixOf = new WeakMap<object, string>();

/** A store on the shared test server under a fresh key prefix. */
const createStore = () => {
  const keyPrefix = nextPrefix();
  const store = createRedisSessionStore({ client, keyPrefix });
  prefixOf.set(store, keyPrefix);
  return store;
};

describeSessionStore({
  name: 'redis',
  create: createStore,
  // Behind the store's back, as corruption or a newer version would: a new epoch, so no cached cursor applies.
  corruptRecord: async (store, sessionId, kind) => {
    const tag = `${prefixOf.get(store)!}{${sessionId}}`;
    await client.del(`${tag}:log`);
    await client.rPush(
      `${tag}:log`,
      kind === 'corrupt'
        ? '{"revision":'
        : JSON.stringify({
            format: 'acm.session-log',
            schemaVersion: 999,
            sessionId,
            epoch: 'newer',
            revision: 1,
            full: true,
            original: [],
            working: [],
            offloads: {},
            events: [],
          }),
    );
    await client.hSet(`${tag}:state`, { epoch: kind });
  },
  logAccess: {
    reopen: (store) =>
      createRedisSessionStore({ client, keyPrefix: prefixOf.get(store)! }),
    // The log is a string of records, one per line (or a list, as stored before).
    rewriteLog: async (store, sessionId, rewrite) => {
      const key = `${prefixOf.get(store)!}{${sessionId}}:log`;
      const list = (await client.type(key)) === 'list';
      const texts = list
        ? await client.lRange(key, 0, -1)
        : ((await client.get(key)) ?? '').split('\n').slice(0, -1);
      const records = rewrite(
        texts.map((text, index) => ({ revision: index, text })),
      );
      await client.del(key);
      if (records.length > 0) {
        if (list)
          await client.rPush(
            key,
            records.map(({ text }) => text),
          );
        else
          await client.set(
            key,
            records.map(({ text }) => `${text}\n`).join(''),
          );
      }
      return true;
    },
    snapshot: async (store, sessionId) => {
      const tag = `${prefixOf.get(store)!}{${sessionId}}`;
      const keys: Record<string, unknown> = {};
      for (const suffix of ['state', 'log', 'offloads']) {
        const key = `${tag}:${suffix}`;
        const type = await client.type(key);
        keys[suffix] =
          type === 'hash'
            ? await client.hGetAll(key)
            : type === 'list'
              ? await client.lRange(key, 0, -1)
              : type === 'string'
                ? await client.get(key)
                : type;
      }
      return keys;
    },
  },
});

describeMemoryOnStore({
  name: 'redis',
  create: createStore,
  startCrashable: !canStartServers
    ? undefined
    : async () => {
        const server = await startRedisTestServer({ durable: true });
        const own = await connect(server.url);
        return {
          store: createRedisSessionStore({ client: own }),
          crash: () => server.kill(),
          restart: () => restart(server, own),
          close: async () => {
            own.destroy();
            await server.stop();
          },
        };
      },
});

const OFFLOAD_ID = '0123456789abcdef0123456789abcdef';

function createState(
  sessionId: string,
  revision: number,
  offloadText?: string,
): ContextState {
  const message: Message = {
    id: 'user-1',
    role: 'user',
    content: [{ type: 'text', text: 'hi' }],
  };
  const offloaded: Message = {
    id: 'tool-1',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call-1',
        toolName: 'cat',
        output: offloadText ?? '',
      },
    ],
  };
  return {
    sessionId,
    working: [message],
    original: [message],
    offloads: offloadText === undefined ? {} : { [OFFLOAD_ID]: [offloaded] },
    events: [],
    revision,
  };
}

/** The records of a session log string, one per line. */
async function logLines(key: string): Promise<string[]> {
  return ((await client.get(key)) ?? '').split('\n').slice(0, -1);
}

/** Wraps the client and records the size of every script call's arguments. */
function recordingClient(inner: Client): {
  client: RedisSessionStoreClient;
  sizes: number[];
} {
  const sizes: number[] = [];
  const record = (options: { arguments: string[] }) =>
    sizes.push(
      options.arguments.reduce((total, argument) => total + argument.length, 0),
    );
  return {
    sizes,
    client: {
      eval: (script, options) => (record(options), inner.eval(script, options)),
      evalSha: (sha1, options) => (
        record(options),
        inner.evalSha(sha1, options)
      ),
      scanIterator: (options) => inner.scanIterator(options),
    },
  };
}

describe('createRedisSessionStore', () => {
  it('should keep a session in a head hash and a log string under its hash tag', async () => {
    const keyPrefix = nextPrefix();
    const store = createRedisSessionStore({ client, keyPrefix });

    await store.save('a/b', createState('a/b', 1, 'body'), {
      expectedRevision: null,
    });

    const keys = [];
    for await (const batch of client.scanIterator({ MATCH: `${keyPrefix}*` }))
      keys.push(...batch);
    expect(keys.sort()).toStrictEqual([
      `${keyPrefix}{a/b}:log`,
      `${keyPrefix}{a/b}:state`,
    ]);
    expect(await client.hGet(`${keyPrefix}{a/b}:state`, 'revision')).toBe('1');
    expect(await client.hGet(`${keyPrefix}{a/b}:state`, 'format')).toBe(
      'acm.session-log',
    );
    expect(await logLines(`${keyPrefix}{a/b}:log`)).toHaveLength(1);
  });

  it('should append one record per save with only what changed, offload bodies once', async () => {
    const keyPrefix = nextPrefix();
    const recording = recordingClient(client);
    const store = createRedisSessionStore({
      client: recording.client,
      keyPrefix,
    });
    const big = 'x'.repeat(2 * 1024 * 1024);
    const first = createState('s', 1, big);
    const added: Message = {
      id: 'user-2',
      role: 'user',
      content: [{ type: 'text', text: 'and now?' }],
    };
    const third = {
      ...first,
      working: [...first.working, added],
      original: [...first.original, added],
      revision: 3,
    };

    await store.save('s', first, { expectedRevision: null });
    await store.save('s', { ...first, revision: 2 }, { expectedRevision: 1 });
    await store.save('s', third, { expectedRevision: 2 });

    expect(recording.sizes).toHaveLength(3);
    expect(recording.sizes[0]).toBeGreaterThan(big.length);
    expect(recording.sizes[1]).toBeLessThan(200);
    // The record, plus about 150 bytes: revisions, epoch, TTL and the seal (lengths, two SHA-1s).
    expect(recording.sizes[2]).toBeLessThan(JSON.stringify(added).length + 400);
    expect((await logLines(`${keyPrefix}{s}:log`)).slice(1)).toStrictEqual([
      '{"revision":2}',
      `{"revision":3,"original":[${JSON.stringify(added)}],"working":[1]}`,
    ]);
    expect(await store.load('s')).toStrictEqual(third);
    expect(
      await createRedisSessionStore({ client, keyPrefix }).load('s'),
    ).toStrictEqual(third);
  });

  it('should migrate a session stored before session logs on its next save', async () => {
    const keyPrefix = nextPrefix();
    const store = createRedisSessionStore({ client, keyPrefix });
    const legacy = createState('s', 4, 'body');
    await client.hSet(`${keyPrefix}{s}:state`, {
      revision: '4',
      state: JSON.stringify({
        format: 'acm.context-state',
        schemaVersion: 1,
        ...legacy,
        offloads: {},
      }),
      offloadIds: JSON.stringify([OFFLOAD_ID]),
    });
    await client.hSet(
      `${keyPrefix}{s}:offloads`,
      OFFLOAD_ID,
      JSON.stringify(legacy.offloads[OFFLOAD_ID]),
    );

    const loaded = await store.load('s');
    expect(loaded).toStrictEqual(legacy);
    await store.save('s', { ...loaded!, revision: 5 }, { expectedRevision: 4 });

    expect(await client.exists(`${keyPrefix}{s}:offloads`)).toBe(0);
    expect((await client.hKeys(`${keyPrefix}{s}:state`)).sort()).toStrictEqual([
      'epoch',
      'format',
      'revision',
    ]);
    expect(
      await createRedisSessionStore({ client, keyPrefix }).load('s'),
    ).toStrictEqual({ ...legacy, revision: 5 });
  });

  it('should migrate a log list (the layout before log strings) on its next save, and not write onto a list changed since it was read', async () => {
    const keyPrefix = nextPrefix();
    const log = `${keyPrefix}{s}:log`;
    const first = createState('s', 1, 'body');
    const full = JSON.stringify({
      format: 'acm.session-log',
      schemaVersion: 2,
      sessionId: 's',
      epoch: 'e1',
      revision: 1,
      full: true,
      original: first.original,
      working: [0],
      offloads: first.offloads,
      events: [],
    });
    await client.rPush(log, [full, '{"revision":2}']);
    await client.hSet(`${keyPrefix}{s}:state`, {
      revision: '2',
      epoch: 'e1',
      format: 'acm.session-log',
    });
    const store = createRedisSessionStore({ client, keyPrefix });
    const other = createRedisSessionStore({ client, keyPrefix });
    const loaded = await store.load('s');
    expect(loaded).toStrictEqual({ ...first, revision: 2 });
    await other.load('s');
    await client.lSet(log, 1, '{"revision":"two"}');

    const refused = await captureError(() =>
      Promise.resolve(
        other.save('s', { ...loaded!, revision: 3 }, { expectedRevision: 2 }),
      ),
    );
    await client.lSet(log, 1, '{"revision":2}');
    await store.save('s', { ...loaded!, revision: 3 }, { expectedRevision: 2 });

    expect(StoreError.isInstance(refused)).toBe(true);
    expect((refused as StoreError).message).toContain('$log[1].revision');
    expect(await client.type(log)).toBe('string');
    expect(await logLines(log)).toHaveLength(1);
    expect(
      await createRedisSessionStore({ client, keyPrefix }).load('s'),
    ).toStrictEqual({ ...first, revision: 3 });
  });

  it('should refuse to overwrite a corrupt or unknown record and leave it untouched', async () => {
    const keyPrefix = nextPrefix();
    const writer = createRedisSessionStore({ client, keyPrefix });
    await writer.save('s', createState('s', 1), { expectedRevision: null });
    await client.append(
      `${keyPrefix}{s}:log`,
      '{"revision":2,"working":[9]}\n',
    );
    await client.hSet(`${keyPrefix}{s}:state`, 'revision', '2');
    await client.hSet(`${keyPrefix}{t}:state`, {
      revision: '1',
      format: 'acm.session-log-v9',
    });

    for (const sessionId of ['s', 't']) {
      const store = createRedisSessionStore({ client, keyPrefix });
      const revision = sessionId === 's' ? 2 : 1;
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
    expect(await logLines(`${keyPrefix}{s}:log`)).toHaveLength(2);
    expect(await client.hGet(`${keyPrefix}{t}:state`, 'format')).toBe(
      'acm.session-log-v9',
    );
  });

  it('should write in full when another lineage holds the expected revision', async () => {
    const keyPrefix = nextPrefix();
    const store = createRedisSessionStore({ client, keyPrefix });
    const other = createRedisSessionStore({ client, keyPrefix });
    const first = createState('s', 1);
    await store.save('s', first, { expectedRevision: null });
    await other.delete('s');
    await other.save('s', createState('s', 1, 'other lineage'), {
      expectedRevision: null,
    });

    await store.save('s', { ...first, revision: 2 }, { expectedRevision: 1 });

    expect(await other.load('s')).toStrictEqual({ ...first, revision: 2 });
    expect(await logLines(`${keyPrefix}{s}:log`)).toHaveLength(1);
  });

  it('should fail with StoreError when the log does not end at the stored revision', async () => {
    const keyPrefix = nextPrefix();
    const store = createRedisSessionStore({ client, keyPrefix });
    await store.save('s', createState('s', 1, 'body'), {
      expectedRevision: null,
    });
    await client.hSet(`${keyPrefix}{s}:state`, 'revision', '7');

    const error = await captureError(() => Promise.resolve(store.load('s')));

    expect(StoreError.isInstance(error)).toBe(true);
    expect((error as StoreError).message).toContain(
      'the log ends at revision 1, the store holds revision 7',
    );
  });

  it('should apply the TTL to every key of the session on each save', async () => {
    const keyPrefix = nextPrefix();
    const store = createRedisSessionStore({
      client,
      keyPrefix,
      ttlSeconds: 100,
    });
    const plain = createRedisSessionStore({ client, keyPrefix });
    await store.save('s', createState('s', 1, 'body'), {
      expectedRevision: null,
    });

    const stateTtl = await client.pTTL(`${keyPrefix}{s}:state`);
    const logTtl = await client.pTTL(`${keyPrefix}{s}:log`);
    await plain.save('s', createState('s', 2, 'body'), { expectedRevision: 1 });

    expect(stateTtl).toBeGreaterThan(90_000);
    expect(stateTtl).toBeLessThanOrEqual(100_000);
    expect(logTtl).toBeGreaterThan(90_000);
    expect(logTtl).toBeLessThanOrEqual(100_000);
    expect(await client.pTTL(`${keyPrefix}{s}:state`)).toBe(-1);
    expect(await client.pTTL(`${keyPrefix}{s}:log`)).toBe(-1);
  });

  it('should list only the sessions under its own prefix', async () => {
    const keyPrefix = nextPrefix();
    const outer = createRedisSessionStore({ client, keyPrefix });
    const inner = createRedisSessionStore({
      client,
      keyPrefix: `${keyPrefix}inner:`,
    });
    await outer.save('x{1}', createState('x{1}', 1), {
      expectedRevision: null,
    });
    await inner.save('y*', createState('y*', 1), { expectedRevision: null });

    expect(await outer.list()).toStrictEqual(['x{1}']);
    expect(await inner.list()).toStrictEqual(['y*']);
  });

  it('should turn a server error into StoreError with the cause', async () => {
    const keyPrefix = nextPrefix();
    const store = createRedisSessionStore({ client, keyPrefix });
    await client.set(`${keyPrefix}{s}:state`, 'not a hash');

    const error = await captureError(() => Promise.resolve(store.load('s')));

    expect(StoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'STORE_FAILURE',
      operation: 'load',
      sessionId: 's',
    });
    expect(String((error as StoreError).cause)).toContain('WRONGTYPE');
  });

  it('should reject invalid options with InvalidConfigError', () => {
    expect(() => createRedisSessionStore({ client, ttlSeconds: 1.5 })).toThrow(
      expect.objectContaining({
        code: 'INVALID_CONFIG',
        parameter: 'ttlSeconds',
      }),
    );
  });

  it.skipIf(!canStartServers)(
    'should fail with StoreError while the server is down and work again once it is back',
    async () => {
      const server = await startRedisTestServer();
      const own = await connect(server.url);
      try {
        const store = createRedisSessionStore({ client: own });
        await store.save('s', createState('s', 1), { expectedRevision: null });

        await server.kill();
        const saveError = await captureError(() =>
          Promise.resolve(
            store.save('s', createState('s', 2), { expectedRevision: 1 }),
          ),
        );
        const loadError = await captureError(() =>
          Promise.resolve(store.load('s')),
        );
        await restart(server, own);

        expect(StoreError.isInstance(saveError)).toBe(true);
        expect(saveError).toMatchObject({ operation: 'save', sessionId: 's' });
        expect((saveError as StoreError).cause).toBeInstanceOf(Error);
        expect(StoreError.isInstance(loadError)).toBe(true);
        // The test server keeps nothing on disk, so the session starts afresh.
        expect(await store.load('s')).toBeUndefined();
        await store.save('s', createState('s', 1), { expectedRevision: null });
        expect(await store.load('s')).toStrictEqual(createState('s', 1));
      } finally {
        own.destroy();
        await server.stop();
      }
    },
  );
});
