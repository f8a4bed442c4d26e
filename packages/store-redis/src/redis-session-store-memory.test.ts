import {
  AutoContextMemory,
  checkStateContract,
  createApproximateTokenCounter,
  createContextReloadHandler,
  createExtractiveSummarizer,
  StoreConflictError,
  StoreError,
} from '@acm/core';
import type {
  AutoContextConfigInput,
  Message,
  Part,
  SessionStore,
} from '@acm/core';
import {
  fixedClock,
  loadSharedConversationsAsCore,
  sequentialIds,
} from '@acm/core/testing';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startDurableRedisServer } from './__fixtures__/durable-redis-server';
import { createRedisSessionStore } from './redis-session-store';

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

let client: Client;
let prefixCount = 0;
const nextPrefix = () => `memory-test-${prefixCount++}:`;

beforeAll(async () => {
  client = await connect(inject('redisUrl'));
});

afterAll(() => {
  client.destroy();
});

/** Small enough that compression fires several times on one tau-bench conversation. */
const CONFIG: AutoContextConfigInput = {
  maxToken: 1200,
  msgThreshold: 12,
  lastKeep: 4,
  largePayloadThreshold: 400,
  minCompressionTokenThreshold: 50,
  historyRollupKeepRecentTokens: 200,
  historyRollupKeepRecentRounds: 1,
};

function createMemory(
  store: SessionStore,
  sessionId: string,
  idPrefix = 'id',
): AutoContextMemory {
  return new AutoContextMemory({
    sessionId,
    store,
    config: CONFIG,
    counter: createApproximateTokenCounter(),
    summarizer: createExtractiveSummarizer(),
    clock: fixedClock(),
    generateId: sequentialIds(idPrefix),
  });
}

/** A recorded tau-bench conversation (real data), its ids prefixed. */
function conversation(index: number, prefix: string): Message[] {
  const recorded = loadSharedConversationsAsCore({ dataset: 'tau' })[index];
  if (recorded === undefined) throw new Error(`no tau conversation ${index}`);
  const rename = (part: Part): Part =>
    part.type === 'tool-call' || part.type === 'tool-result'
      ? { ...part, toolCallId: `${prefix}-${part.toolCallId}` }
      : part;
  return recorded.messages.map((message) => ({
    ...message,
    id: `${prefix}-${message.id}`,
    content: message.content.map(rename),
  }));
}

/** Splits a conversation before each user message: one turn per round (the system prompt joins the first). */
function splitRounds(messages: readonly Message[]): Message[][] {
  const rounds: Message[][] = [];
  for (const message of messages) {
    const last = rounds.at(-1);
    if (
      last === undefined ||
      (message.role === 'user' && last.some((item) => item.role === 'user'))
    ) {
      rounds.push([message]);
    } else {
      last.push(message);
    }
  }
  return rounds;
}

/** One turn of an agent that saves after every turn. */
async function runTurn(
  memory: AutoContextMemory,
  messages: readonly Message[],
): Promise<void> {
  await memory.addMessages(messages);
  await memory.compressIfNeeded();
  await memory.save();
}

/** Adds a turn and saves, reloading and re-applying it after each conflict; returns the number of conflicts. */
async function runTurnWithRetry(
  memory: AutoContextMemory,
  messages: readonly Message[],
): Promise<number> {
  for (let conflicts = 0; ; conflicts++) {
    await memory.addMessages(messages);
    await memory.compressIfNeeded();
    try {
      await memory.save();
      return conflicts;
    } catch (error) {
      if (!StoreConflictError.isInstance(error) || conflicts >= 20) throw error;
      await memory.load();
    }
  }
}

async function captureError(action: () => Promise<unknown>): Promise<unknown> {
  try {
    await action();
    return undefined;
  } catch (error) {
    return error;
  }
}

const sortedIds = (messages: readonly Message[]) =>
  messages.map((message) => message.id).sort();

describe('createRedisSessionStore', () => {
  describe('with AutoContextMemory', () => {
    it('should reject a save with StoreError while Redis is down, keep the memory unchanged, and resume with nothing lost', async () => {
      const server = await startDurableRedisServer();
      const own = await connect(server.url);
      try {
        const store = createRedisSessionStore({ client: own });
        const memory = createMemory(store, 'crash');
        const rounds = splitRounds(conversation(0, 'crash'));
        const middle = Math.floor(rounds.length / 2);
        for (const round of rounds.slice(0, middle)) {
          await runTurn(memory, round);
        }
        const savedRevision = memory.getState().revision;

        await server.kill();
        await memory.addMessages(rounds[middle]!);
        await memory.compressIfNeeded();
        const before = memory.getState();
        const working = structuredClone(before.working);
        const original = structuredClone(before.original);
        const offloads = structuredClone(before.offloads);
        const saveError = await captureError(() => memory.save());
        const loadError = await captureError(() => memory.load());

        expect(StoreError.isInstance(saveError)).toBe(true);
        expect(saveError).toMatchObject({
          code: 'STORE_FAILURE',
          operation: 'save',
          sessionId: 'crash',
        });
        expect(StoreError.isInstance(loadError)).toBe(true);
        expect(loadError).toMatchObject({ operation: 'load' });
        expect(memory.getState()).toBe(before);
        expect(memory.getMessages()).toStrictEqual(working);
        expect(memory.getOriginalMessages()).toStrictEqual(original);
        expect(memory.getOffloadContext()).toStrictEqual(offloads);

        // Not events.once: it would reject on the client's reconnect 'error' events.
        const ready = new Promise<void>((resolve) =>
          own.once('ready', () => resolve()),
        );
        await server.start();
        await ready;

        expect((await store.load('crash'))?.revision).toBe(savedRevision);
        expect(await memory.save()).toBe(true);
        for (const round of rounds.slice(middle + 1)) {
          await runTurn(memory, round);
        }
        const reader = createMemory(store, 'crash');
        expect(await reader.load()).toBe(true);
        const stored = reader.getState();
        expect(stored).toEqual(memory.getState());
        expect(stored.original.map((message) => message.id)).toStrictEqual(
          rounds.flat().map((message) => message.id),
        );
        expect(checkStateContract({ after: stored })).toStrictEqual([]);
        expect(
          stored.events.filter((event) => event.type === 'compression').length,
        ).toBeGreaterThan(0);
        expect(Object.keys(stored.offloads).length).toBeGreaterThan(0);
      } finally {
        own.destroy();
        await server.stop();
      }
    });

    it('should refuse to reload an offload id of another session on the same store', async () => {
      const store = createRedisSessionStore({
        client,
        keyPrefix: nextPrefix(),
      });
      const first = createMemory(store, 'session-a');
      const second = createMemory(store, 'session-b');
      const messages = conversation(1, 'a');
      await first.addMessages(messages);
      const offloadId = await first.offload(messages.slice(1, 4));
      await first.save();
      await runTurn(second, conversation(2, 'b'));

      const owner = createMemory(store, 'session-a');
      const other = createMemory(store, 'session-b');
      await owner.load();
      await other.load();
      const request = { working_context_offload_uuid: offloadId };
      const otherAnswer = await createContextReloadHandler({ memory: other })(
        request,
      );
      const storeBackedAnswer = await createContextReloadHandler({
        sessionId: 'session-b',
        reload: async (id) => (await store.load('session-b'))?.offloads[id],
      })(request);
      const ownerAnswer = await createContextReloadHandler({ memory: owner })(
        request,
      );

      const refusal = `Error: the offloaded context ${JSON.stringify(offloadId)} belongs to another session and cannot be reloaded here.`;
      expect(otherAnswer).toBe(refusal);
      expect(storeBackedAnswer).toBe(refusal);
      expect(other.lookupOffload(offloadId)).toStrictEqual({
        status: 'not-found',
      });
      expect(other.reload(offloadId)).toStrictEqual([]);
      expect(owner.lookupOffload(offloadId)).toEqual({
        status: 'found',
        messages: messages.slice(1, 4),
      });
      expect(ownerAnswer).toMatch(
        new RegExp(`^Offloaded context "${offloadId}": 3 messages, `),
      );
    });

    it('should make the second of two memories on one session fail with StoreConflictError, then reload, re-apply and lose nothing', async () => {
      const store = createRedisSessionStore({
        client,
        keyPrefix: nextPrefix(),
      });
      const first = createMemory(store, 'shared', 'first');
      const second = createMemory(store, 'shared', 'second');
      const [firstOpening = [], ...firstRounds] = splitRounds(
        conversation(3, 'first'),
      );
      const [secondOpening = [], ...secondRounds] = splitRounds(
        conversation(4, 'second'),
      );

      await runTurn(first, firstOpening);
      await second.addMessages(secondOpening);
      const before = second.getState();
      const conflict = await captureError(() => second.save());

      expect(StoreConflictError.isInstance(conflict)).toBe(true);
      expect(conflict).toMatchObject({
        sessionId: 'shared',
        expectedRevision: null,
        actualRevision: first.getState().revision,
      });
      expect(second.getState()).toBe(before);

      expect(await second.load()).toBe(true);
      await runTurn(second, secondOpening);
      // Both race on every later turn.
      const conflicts = await Promise.all([
        (async () => {
          let total = 0;
          for (const round of firstRounds)
            total += await runTurnWithRetry(first, round);
          return total;
        })(),
        (async () => {
          let total = 0;
          for (const round of secondRounds)
            total += await runTurnWithRetry(second, round);
          return total;
        })(),
      ]);

      const reader = createMemory(store, 'shared');
      await reader.load();
      const stored = reader.getState();
      expect(conflicts[0] + conflicts[1]).toBeGreaterThan(0);
      expect(sortedIds(stored.original)).toStrictEqual(
        sortedIds(
          [firstOpening, ...firstRounds, secondOpening, ...secondRounds].flat(),
        ),
      );
      expect(checkStateContract({ after: stored })).toStrictEqual([]);
    });
  });
});
