import { describe, expect, it } from 'vitest';
import type { AutoContextConfigInput } from '../vocabulary/config/config';
import { checkStateContract } from '../state/contract/check-state-contract';
import { StoreConflictError } from '../vocabulary/error/store-conflict-error';
import { StoreError } from '../vocabulary/error/store-error';
import { AutoContextMemory } from '../memory/facade/auto-context-memory';
import type { Message, Part } from '../vocabulary/message/message';
import { createContextReloadHandler } from '../tools/reload/create-context-reload-handler';
import type { MaybePromise, SessionStore } from '../memory/store/session-store';
import { createExtractiveSummarizer } from '../summary/summarizer/create-extractive-summarizer';
import { createApproximateTokenCounter } from '../state/token/create-approximate-token-counter';
import { captureError } from './capture-error';
import { fixedClock } from './fixed-clock';
import { loadSharedConversationsAsCore } from './load-shared-conversations-as-core';
import { sequentialIds } from './sequential-ids';

/** A store on a private server that a test may crash and start again. */
export interface CrashableSessionStore {
  /** The store, connected to the private server. */
  store: SessionStore;
  /** Stops the server abruptly (a kill, an immediate shutdown); what it committed must survive. */
  crash: () => Promise<void>;
  /** Starts the server again and resolves once the store can reach it. */
  restart: () => Promise<void>;
  /** Closes the store's connections and removes the server. */
  close: () => Promise<void>;
}

export interface DescribeMemoryOnStoreOptions {
  /** Shown in the test names, e.g. `'file'` or `'redis'`. */
  name: string;
  /** Returns a fresh, empty store. Called by every test that does not crash a server. */
  create: () => MaybePromise<SessionStore>;
  /**
   * Releases what `create` made (connections, directories, tables). Called at
   * the end of every such test with the store it created.
   * @default nothing
   */
  cleanup?: (store: SessionStore) => MaybePromise<void>;
  /**
   * Starts a private server and a store on it, for the scenario that crashes
   * the server between two saves. Without it that scenario is not run (an
   * embedded store has no server to crash). The scenario calls `close` at its end.
   * @default undefined
   */
  startCrashable?: () => Promise<CrashableSessionStore>;
}

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

/**
 * The scenarios an {@link AutoContextMemory} must survive on a
 * {@link SessionStore} (call it from the store's test file, next to
 * `describeSessionStore`), on recorded tau-bench conversations with
 * compression on: an offload id of another session is refused; two memories
 * racing on one session get `StoreConflictError`, reload, re-apply and lose
 * nothing; and, when `startCrashable` is given, a save while the server is
 * down fails with `StoreError`, leaves the memory unchanged and succeeds once
 * the server is back.
 */
export function describeMemoryOnStore({
  name,
  create,
  cleanup,
  startCrashable,
}: DescribeMemoryOnStoreOptions): void {
  /** Runs `test` on a fresh store and cleans it up afterwards. */
  async function withStore(
    test: (store: SessionStore) => Promise<void>,
  ): Promise<void> {
    const store = await create();
    try {
      await test(store);
    } finally {
      await cleanup?.(store);
    }
  }

  describe(`describeMemoryOnStore(${name})`, () => {
    if (startCrashable !== undefined) {
      it('should reject a save with StoreError while the server is down, keep the memory unchanged, and resume with nothing lost', async () => {
        const crashable = await startCrashable();
        try {
          const { store } = crashable;
          const memory = createMemory(store, 'crash');
          const rounds = splitRounds(conversation(0, 'crash'));
          const middle = Math.floor(rounds.length / 2);
          for (const round of rounds.slice(0, middle)) {
            await runTurn(memory, round);
          }
          const savedRevision = memory.getState().revision;

          await crashable.crash();
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

          await crashable.restart();

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
            stored.events.filter((event) => event.type === 'compression')
              .length,
          ).toBeGreaterThan(0);
          expect(Object.keys(stored.offloads).length).toBeGreaterThan(0);
        } finally {
          await crashable.close();
        }
      });
    }

    it('should refuse to reload an offload id of another session on the same store', async () => {
      await withStore(async (store) => {
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
        const otherAnswer = await createContextReloadHandler({
          memory: other,
        })(request);
        const storeBackedAnswer = await createContextReloadHandler({
          sessionId: 'session-b',
          reload: async (id) => (await store.load('session-b'))?.offloads[id],
        })(request);
        const ownerAnswer = await createContextReloadHandler({
          memory: owner,
        })(request);

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
    });

    it('should lose nothing when two memories race on one session with saveWithRetry', async () => {
      await withStore(async (store) => {
        const first = createMemory(store, 'retried', 'first');
        const second = createMemory(store, 'retried', 'second');
        const firstRounds = splitRounds(conversation(5, 'first'));
        const secondRounds = splitRounds(conversation(6, 'second'));
        const race = async (
          memory: AutoContextMemory,
          rounds: readonly (readonly Message[])[],
        ) => {
          let conflicts = 0;
          for (const round of rounds) {
            await memory.addMessages(round);
            await memory.compressIfNeeded();
            const result = await memory.saveWithRetry({
              maxAttempts: 50,
              beforeRetry: () => memory.compressIfNeeded(),
            });
            expect(result.saved).toBe(true);
            expect(memory.getUnsavedMessages()).toStrictEqual([]);
            conflicts += result.conflicts;
          }
          return conflicts;
        };

        const conflicts = await Promise.all([
          race(first, firstRounds),
          race(second, secondRounds),
        ]);

        const reader = createMemory(store, 'retried');
        await reader.load();
        const stored = reader.getState();
        expect(conflicts[0] + conflicts[1]).toBeGreaterThan(0);
        expect(sortedIds(stored.original)).toStrictEqual(
          sortedIds([...firstRounds, ...secondRounds].flat()),
        );
        expect(checkStateContract({ after: stored })).toStrictEqual([]);
      });
    });

    it('should make the second of two memories on one session fail with StoreConflictError, then reload, re-apply and lose nothing', async () => {
      await withStore(async (store) => {
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
          runTurnsWithRetry(first, firstRounds),
          runTurnsWithRetry(second, secondRounds),
        ]);

        const reader = createMemory(store, 'shared');
        await reader.load();
        const stored = reader.getState();
        expect(conflicts[0] + conflicts[1]).toBeGreaterThan(0);
        expect(sortedIds(stored.original)).toStrictEqual(
          sortedIds(
            [
              firstOpening,
              ...firstRounds,
              secondOpening,
              ...secondRounds,
            ].flat(),
          ),
        );
        expect(checkStateContract({ after: stored })).toStrictEqual([]);
      });
    });
  });
}

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

/** Runs the turns one after another with {@link runTurnWithRetry}; returns the total number of conflicts. */
async function runTurnsWithRetry(
  memory: AutoContextMemory,
  rounds: readonly (readonly Message[])[],
): Promise<number> {
  let total = 0;
  for (const round of rounds) total += await runTurnWithRetry(memory, round);
  return total;
}

const sortedIds = (messages: readonly Message[]) =>
  messages.map((message) => message.id).sort();
