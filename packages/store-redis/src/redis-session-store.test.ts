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
const nextPrefix = () => `test-${prefixCount++}:`;

beforeAll(async () => {
  client = await connect(inject('redisUrl'));
});

afterAll(() => {
  client.destroy();
});

/** A store on the shared test server under a fresh key prefix. */
const createStore = () =>
  createRedisSessionStore({ client, keyPrefix: nextPrefix() });

describeSessionStore({ name: 'redis', create: createStore });

describeMemoryOnStore({
  name: 'redis',
  create: createStore,
  startCrashable: async () => {
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
  it('should keep a session in two hashes under its hash tag', async () => {
    const keyPrefix = nextPrefix();
    const store = createRedisSessionStore({ client, keyPrefix });

    await store.save('a/b', createState('a/b', 1, 'body'), {
      expectedRevision: null,
    });

    const keys = [];
    for await (const batch of client.scanIterator({ MATCH: `${keyPrefix}*` }))
      keys.push(...batch);
    expect(keys.sort()).toStrictEqual([
      `${keyPrefix}{a/b}:offloads`,
      `${keyPrefix}{a/b}:state`,
    ]);
    expect(await client.hGet(`${keyPrefix}{a/b}:state`, 'revision')).toBe('1');
    expect(await client.hKeys(`${keyPrefix}{a/b}:offloads`)).toStrictEqual([
      OFFLOAD_ID,
    ]);
  });

  it('should send offload bodies once and never rewrite them', async () => {
    const keyPrefix = nextPrefix();
    const recording = recordingClient(client);
    const store = createRedisSessionStore({
      client: recording.client,
      keyPrefix,
    });
    const big = 'x'.repeat(2 * 1024 * 1024);
    const first = createState('s', 1, big);
    const offloadKey = `${keyPrefix}{s}:offloads`;

    await store.save('s', first, { expectedRevision: null });
    const storedBody = await client.hGet(offloadKey, OFFLOAD_ID);
    await store.save('s', { ...first, revision: 2 }, { expectedRevision: 1 });
    await store.save('s', { ...first, revision: 3 }, { expectedRevision: 2 });

    expect(recording.sizes).toHaveLength(3);
    expect(recording.sizes[0]).toBeGreaterThan(big.length);
    expect(recording.sizes[1]).toBeLessThan(2_000);
    expect(recording.sizes[2]).toBeLessThan(2_000);
    expect(await client.hGet(offloadKey, OFFLOAD_ID)).toBe(storedBody);
    expect(await store.load('s')).toStrictEqual({ ...first, revision: 3 });
  });

  it('should keep an existing offload entry as first written', async () => {
    const keyPrefix = nextPrefix();
    const writer = createRedisSessionStore({ client, keyPrefix });
    const other = createRedisSessionStore({ client, keyPrefix });
    await writer.save('s', createState('s', 1, 'original body'), {
      expectedRevision: null,
    });

    // A store that has not seen the entry sends its body; the stored one stays.
    await other.save('s', createState('s', 2, 'different body'), {
      expectedRevision: 1,
    });

    expect(await writer.load('s')).toStrictEqual(
      createState('s', 2, 'original body'),
    );
  });

  it('should resend a body when another writer removed the entry', async () => {
    const keyPrefix = nextPrefix();
    const store = createRedisSessionStore({ client, keyPrefix });
    const other = createRedisSessionStore({ client, keyPrefix });
    await store.save('s', createState('s', 1, 'body'), {
      expectedRevision: null,
    });
    await other.save('s', createState('s', 2), { expectedRevision: 1 });

    await store.save('s', createState('s', 3, 'body'), { expectedRevision: 2 });

    expect(await other.load('s')).toStrictEqual(createState('s', 3, 'body'));
  });

  it('should fail with StoreError when a listed offload entry is missing', async () => {
    const keyPrefix = nextPrefix();
    const store = createRedisSessionStore({ client, keyPrefix });
    await store.save('s', createState('s', 1, 'body'), {
      expectedRevision: null,
    });
    await client.hDel(`${keyPrefix}{s}:offloads`, OFFLOAD_ID);

    const error = await captureError(() => Promise.resolve(store.load('s')));

    expect(StoreError.isInstance(error)).toBe(true);
    expect((error as StoreError).message).toContain(
      `offload entry ${OFFLOAD_ID} is missing`,
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
    const offloadsTtl = await client.pTTL(`${keyPrefix}{s}:offloads`);
    await plain.save('s', createState('s', 2, 'body'), { expectedRevision: 1 });

    expect(stateTtl).toBeGreaterThan(90_000);
    expect(stateTtl).toBeLessThanOrEqual(100_000);
    expect(offloadsTtl).toBeGreaterThan(90_000);
    expect(offloadsTtl).toBeLessThanOrEqual(100_000);
    expect(await client.pTTL(`${keyPrefix}{s}:state`)).toBe(-1);
    expect(await client.pTTL(`${keyPrefix}{s}:offloads`)).toBe(-1);
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

  it('should fail with StoreError while the server is down and work again once it is back', async () => {
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
  });
});
