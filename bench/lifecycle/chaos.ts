/**
 * Chaos run of sessions' lives across processes (issue #24, "Done when", last
 * row): several worker processes, each serving more sessions than its
 * registry holds (so every call may evict another session), over one shared
 * store (@acm/store-file by default, Redis with `--store redis`). Each worker
 * runs random calls on its sessions: appends of the next messages of a shared
 * conversation, compressions, several calls in flight on one session,
 * deletes, clears, resumptions with only the new message (what an app that
 * keeps the history server-side sends after a restart), and `context_search`
 * checks. The parent restarts workers all along, half of them with `kill -9`
 * in the middle of a call, half gracefully; a new process takes over the
 * sessions of the one that died.
 *
 * The parent keeps what was acknowledged (a call whose promise resolved:
 * the registry saved it) from the workers' messages, and after every restart
 * and at the end reads each session of the store itself. Counts:
 *
 * - lost: acknowledged messages missing from the store, or changed;
 * - duplicated: a message id or a message's unique word twice in a session;
 * - staleResults: `context_search` returned a message that was cleared or
 *   wiped;
 * - silentWipes: a call resolved without an error and the session lost
 *   acknowledged messages (half the resumptions send only the new message
 *   in `'mirror'` mode, which must refuse it; half in `'append'` mode);
 * - failedCallChangedState: a call rejected after changing the session (a
 *   resumption that cleared, then failed to add);
 * - untypedErrors: a rejection that is not an `AcmError`;
 * - searchMissedAfterEviction: the search tool, wired as adapters wire it,
 *   did not find an acknowledged message of an evicted session;
 * - unexplained: stored messages nobody acknowledged and no call in flight at a
 *   kill explains.
 *
 *   cd bench && npx tsx --conditions=@acm/source lifecycle/chaos.ts [--seconds 30] [--workers 3]
 *     [--sessions 6] [--bound 2] [--restart-every-ms 3000] [--store file|redis] [--seed 1] [--out FILE]
 *
 * `--seconds 600` is the 10-minute run. Writes bench/results/chaos.json (or --out).
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import {
  AcmError,
  createApproximateTokenCounter,
  createAutoContextMemory,
  createExtractiveSummarizer,
} from '@acm/core';
import type { AutoContextMemory, Message, SessionStore } from '@acm/core';
import { createSessionRegistry, syncMessages } from '@acm/core/adapter';
import { createContextSearchHandler } from '@acm/core/long-term';
import type { ContextSearchHandler } from '@acm/core/long-term';
import { loadSharedConversationsAsCore } from '@acm/core/testing';
import { createFileSessionStore } from '@acm/store-file';
import { createRedisSessionStore } from '@acm/store-redis';
import { createClient } from 'redis';
import { startBenchServer } from '../lib/bench-servers';
import type { BenchServer } from '../lib/bench-servers';
import { writeResult } from '../lib/write-result';

const scriptPath = fileURLToPath(import.meta.url);

/** How many messages of a shared conversation a session plays before it starts over (clear). */
const CONVERSATION_LIMIT = 80;

// ---- what parent and workers share -------------------------------------------

type StoreKind = 'file' | 'redis';

interface StoreSpec {
  readonly kind: StoreKind;
  /** Directory (file) or URL (redis). */
  readonly location: string;
}

/** What the parent knows a session holds. */
interface SessionModel {
  readonly id: string;
  /** Index of the session: picks its conversation and names its words. */
  readonly index: number;
  /** Acknowledged message ids, in order, since the last clear. */
  ids: string[];
  /** The next message of the conversation to send. */
  cursor: number;
  /** Incremented by each clear: the words of a new pass are new. */
  generation: number;
  /** Words of messages cleared or wiped: never found again. */
  removed: string[];
}

/** The conversation a session plays in `generation`: user messages open with a unique word. */
function sessionConversation(
  conversations: readonly (readonly Message[])[],
  index: number,
  generation: number,
): Message[] {
  const source = conversations[(index * 37) % conversations.length]!;
  return source.slice(0, CONVERSATION_LIMIT).map((message, position) =>
    message.role === 'user'
      ? {
          ...message,
          content: [
            { type: 'text', text: wordOf(index, generation, position) },
            ...message.content,
          ],
        }
      : message,
  );
}

function wordOf(index: number, generation: number, position: number): string {
  return `zq${index}g${generation}m${position}`;
}

/** The unique word a user message opens with, if any. */
function uniqueWordOf(message: Message): string | undefined {
  const first = message.content[0];
  return message.role === 'user' &&
    first?.type === 'text' &&
    /^zq\d+g\d+m\d+$/.test(first.text)
    ? first.text
    : undefined;
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function openStore(
  spec: StoreSpec,
): Promise<{ store: SessionStore; close: () => Promise<void> }> {
  if (spec.kind === 'file') {
    return {
      store: createFileSessionStore({ directory: spec.location }),
      close: () => Promise.resolve(),
    };
  }
  const client = createClient({
    url: spec.location,
    disableOfflineQueue: true,
  });
  client.on('error', () => undefined);
  await client.connect();
  return {
    store: createRedisSessionStore({ client, keyPrefix: 'chaos:' }),
    close: () => {
      client.destroy();
      return Promise.resolve();
    },
  };
}

/** Messages from a worker to the parent. */
type WorkerMessage =
  | { t: 'ready' }
  | { t: 'begin'; session: string; kind: string; ids: string[] }
  | { t: 'ack'; session: string; ids: string[]; cursor: number }
  | { t: 'cursor'; session: string; cursor: number }
  | { t: 'cleared'; session: string; generation: number; removed: string[] }
  | {
      t: 'resync';
      session: string;
      ids: string[];
      cursor: number;
      removed: string[];
    }
  | { t: 'end'; session: string }
  | {
      t: 'count';
      kind: keyof Counts | 'evictions' | OperationKind;
      detail?: string;
    };

/** Messages from the parent to a worker. */
type ParentMessage =
  | {
      t: 'start';
      worker: number;
      incarnation: number;
      sessions: SessionModel[];
      store: StoreSpec;
      bound: number;
      seed: number;
    }
  | { t: 'stop' };

interface Counts {
  lost: number;
  duplicated: number;
  staleResults: number;
  silentWipes: number;
  failedCallChangedState: number;
  untypedErrors: number;
  searchMissedAfterEviction: number;
  unexplained: number;
  /** Checks made, for the counts above that are checks. */
  staleChecks: number;
  wipeChecks: number;
  searchAfterEvictionChecks: number;
}

type OperationKind =
  | 'append'
  | 'compress'
  | 'concurrent'
  | 'delete'
  | 'clear'
  | 'resume'
  | 'search';

// ---- worker ------------------------------------------------------------------

async function runWorker(): Promise<void> {
  // One listener from the start: a 'stop' that arrives with 'start' (a
  // restart soon after a slow start) is not lost between two listeners.
  let stopping = false;
  const start = await new Promise<ParentMessage & { t: 'start' }>((resolve) =>
    process.on('message', (message: ParentMessage) => {
      if (message.t === 'start') resolve(message);
      else if (message.t === 'stop') stopping = true;
    }),
  );
  /** Sends `message` and waits until it is written to the channel (a kill after it loses nothing). */
  const send = (message: WorkerMessage) =>
    new Promise<void>((resolve) => process.send!(message, () => resolve()));

  const conversations = loadSharedConversationsAsCore().map(
    (conversation) => conversation.messages,
  );
  const { store, close } = await openStore(start.store);
  const models = new Map(start.sessions.map((model) => [model.id, model]));
  const conversationOf = (model: SessionModel) =>
    sessionConversation(conversations, model.index, model.generation);
  // A kill may have come between an acknowledgement and the cursor after it.
  for (const model of models.values()) {
    const conversation = conversationOf(model);
    const last = model.ids.at(-1);
    const after =
      last === undefined
        ? 0
        : conversation.findIndex((message) => message.id === last) + 1;
    model.cursor = Math.max(model.cursor, after);
  }
  const registry = createSessionRegistry<null>({
    createMemory: ({ sessionId }) =>
      createAutoContextMemory({
        sessionId,
        store,
        counter: createApproximateTokenCounter(),
        summarizer: createExtractiveSummarizer(),
        config: { maxToken: 3000, msgThreshold: 40 },
      }),
    createData: () => null,
    store,
    maxSessions: start.bound,
    onEvictionError: (error) =>
      void send({
        t: 'count',
        kind: AcmError.isInstance(error)
          ? 'failedCallChangedState'
          : 'untypedErrors',
        detail: `eviction save: ${String(error)}`,
      }),
  });
  const searchOf = new WeakMap<AutoContextMemory, ContextSearchHandler>();
  const searchHandler = (memory: AutoContextMemory) => {
    let handler = searchOf.get(memory);
    if (handler === undefined) {
      handler = createContextSearchHandler(memory);
      searchOf.set(memory, handler);
    }
    return handler;
  };
  // As the session manager wires the tool: read through the registry, so an
  // evicted session is loaded from the store (never saved by the read).
  const sessionSearch = async (input: unknown, sessionId: string) => {
    try {
      return await registry.read(sessionId, ({ memory }) =>
        searchHandler(memory)(input),
      );
    } catch (error) {
      return `Error searching the conversation: ${String(error)}`;
    }
  };
  const random = createRandom(start.seed * 1000 + start.incarnation);
  const pick = <T>(values: readonly T[]) =>
    values[Math.floor(random() * values.length)]!;

  /** Runs `task` on a session; a typed rejection is an outcome, an untyped one a count. */
  const run = async <T>(
    model: SessionModel,
    task: (memory: AutoContextMemory) => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> => {
    const held = new Set(registry.sessionIds());
    try {
      const value = await registry.run(model.id, (session) =>
        task(session.memory),
      );
      return { ok: true, value };
    } catch (error) {
      if (!AcmError.isInstance(error)) {
        await send({
          t: 'count',
          kind: 'untypedErrors',
          detail: error instanceof Error ? error.stack : String(error),
        });
      }
      return { ok: false, error };
    } finally {
      const now = new Set(registry.sessionIds());
      for (const id of held) {
        if (!now.has(id)) await send({ t: 'count', kind: 'evictions' });
      }
    }
  };

  const take = (model: SessionModel, count: number) => {
    const conversation = conversationOf(model);
    const batch = conversation.slice(model.cursor, model.cursor + count);
    model.cursor += batch.length;
    return batch;
  };

  const append = async (model: SessionModel, batch: Message[]) => {
    if (batch.length === 0) return;
    const cursor = model.cursor;
    const outcome = await run(model, (memory) => memory.addMessages(batch));
    if (outcome.ok) {
      model.ids.push(...batch.map((message) => message.id));
      await send({
        t: 'ack',
        session: model.id,
        ids: batch.map((message) => message.id),
        cursor,
      });
    }
  };

  const clear = async (model: SessionModel) => {
    await send({ t: 'begin', session: model.id, kind: 'clear', ids: [] });
    const words = conversationOf(model)
      .filter((message) => model.ids.includes(message.id))
      .flatMap((message) => uniqueWordOf(message) ?? []);
    const outcome = await run(model, (memory) => memory.clear());
    if (outcome.ok) {
      model.ids = [];
      model.cursor = 0;
      model.generation++;
      model.removed.push(...words);
      await send({
        t: 'cleared',
        session: model.id,
        generation: model.generation,
        removed: words,
      });
    }
    await send({ t: 'end', session: model.id });
  };

  const operations: Record<
    OperationKind,
    (model: SessionModel) => Promise<void>
  > = {
    append: async (model) => {
      if (model.cursor >= conversationOf(model).length) {
        await clear(model);
        return;
      }
      const batch = take(model, 1 + Math.floor(random() * 4));
      await send({
        t: 'begin',
        session: model.id,
        kind: 'append',
        ids: batch.map((message) => message.id),
      });
      await append(model, batch);
      await send({ t: 'cursor', session: model.id, cursor: model.cursor });
      await send({ t: 'end', session: model.id });
    },
    compress: async (model) => {
      await run(model, (memory) => memory.compressIfNeeded());
    },
    concurrent: async (model) => {
      const first = take(model, 1 + Math.floor(random() * 2));
      const second = take(model, 1 + Math.floor(random() * 2));
      await send({
        t: 'begin',
        session: model.id,
        kind: 'concurrent',
        ids: [...first, ...second].map((message) => message.id),
      });
      await Promise.all([
        append(model, first),
        run(model, (memory) => memory.compressIfNeeded()),
        append(model, second),
      ]);
      await send({ t: 'cursor', session: model.id, cursor: model.cursor });
      await send({ t: 'end', session: model.id });
    },
    delete: async (model) => {
      await run(model, async (memory) => {
        const count = memory.getMessageCount();
        if (count > 0) await memory.deleteMessage(Math.floor(random() * count));
      });
    },
    clear,
    resume: async (model) => {
      if (model.ids.length < 2) return;
      const fresh = take(model, 1);
      if (fresh.length === 0) return;
      await send({
        t: 'begin',
        session: model.id,
        kind: 'resume',
        ids: fresh.map((message) => message.id),
      });
      const acknowledged = [...model.ids];
      let held: string[] = acknowledged;
      const outcome = await run(model, async (memory) => {
        try {
          // Half the resumptions say what they send ('append': the store is
          // the history); the other half keep the default 'mirror', which
          // must refuse a list that does not continue the session.
          await syncMessages<Message>({
            memory,
            messages: fresh,
            history: random() < 0.5 ? 'append' : 'mirror',
            idOf: (message) => message.id,
            convert: (messages) => messages,
          });
        } finally {
          held = memory.getOriginalMessages().map((message) => message.id);
        }
      });
      const kept = new Set(held);
      const lost = acknowledged.filter((id) => !kept.has(id));
      await send({ t: 'count', kind: 'wipeChecks' });
      if (lost.length > 0) {
        await send({
          t: 'count',
          kind: outcome.ok ? 'silentWipes' : 'failedCallChangedState',
          detail: `${model.id}: a prompt of only the new message left ${held.length} of ${acknowledged.length} acknowledged messages`,
        });
      }
      if (!outcome.ok && lost.length > 0) {
        // The refused call left the session wiped in memory; the next call
        // saves it. Save it now, so that the store and the model agree.
        await run(model, () => Promise.resolve());
      }
      if (lost.length > 0) {
        const words = conversationOf(model)
          .filter((message) => lost.includes(message.id))
          .flatMap((message) => uniqueWordOf(message) ?? []);
        model.ids = held;
        model.removed.push(...words);
        await send({
          t: 'resync',
          session: model.id,
          ids: held,
          cursor: model.cursor,
          removed: words,
        });
      } else if (outcome.ok) {
        model.ids = held;
        await send({
          t: 'resync',
          session: model.id,
          ids: held,
          cursor: model.cursor,
          removed: [],
        });
      }
      await send({ t: 'cursor', session: model.id, cursor: model.cursor });
      await send({ t: 'end', session: model.id });
    },
    search: async (model) => {
      // Removed words of a held session: never found.
      await run(model, async (memory) => {
        const handler = searchHandler(memory);
        for (const word of model.removed.slice(-5)) {
          await send({ t: 'count', kind: 'staleChecks' });
          const hits = handler.search(word, 5);
          if (hits.some((hit) => hit.snippet.includes(word))) {
            await send({
              t: 'count',
              kind: 'staleResults',
              detail: `${model.id}: "${word}" found after it was removed`,
            });
          }
        }
      });
      // An acknowledged word of an evicted session: found by the tool as adapters wire it.
      const evicted = [...models.values()].filter(
        (other) =>
          other.ids.length > 0 && registry.getMemory(other.id) === undefined,
      );
      if (evicted.length === 0) return;
      const other = pick(evicted);
      const message = conversationOf(other).find(
        (candidate) =>
          other.ids.includes(candidate.id) &&
          uniqueWordOf(candidate) !== undefined,
      );
      if (message === undefined) return;
      const word = uniqueWordOf(message)!;
      await send({ t: 'count', kind: 'searchAfterEvictionChecks' });
      const answer = await sessionSearch({ query: word }, other.id);
      if (!answer.includes(word)) {
        await send({
          t: 'count',
          kind: 'searchMissedAfterEviction',
          detail: `${other.id}: ${answer.slice(0, 60)}`,
        });
      }
    },
  };
  const weights: [OperationKind, number][] = [
    ['append', 10],
    ['compress', 3],
    ['concurrent', 3],
    ['delete', 1],
    ['clear', 0.4],
    ['resume', 0.6],
    ['search', 2],
  ];
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  const chooseOperation = (): OperationKind => {
    let at = random() * total;
    for (const [kind, weight] of weights) {
      at -= weight;
      if (at < 0) return kind;
    }
    return 'append';
  };

  await send({ t: 'ready' });
  const sessions = [...models.values()];
  while (!stopping) {
    const kind = chooseOperation();
    await send({ t: 'count', kind });
    await operations[kind](pick(sessions));
  }
  // A graceful stop: whatever is held is saved (every call already saved it).
  await close();
  process.exit(0);
}

// ---- parent ------------------------------------------------------------------

interface WorkerHandle {
  readonly worker: number;
  incarnation: number;
  child: ChildProcess;
  /** The call in flight, from its `begin` to its `end`. */
  inFlight: { session: string; kind: string; ids: string[] } | undefined;
  exited: Promise<unknown>;
}

async function runParent(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '30' },
      workers: { type: 'string', default: '3' },
      sessions: { type: 'string', default: '6' },
      bound: { type: 'string', default: '2' },
      'restart-every-ms': { type: 'string', default: '3000' },
      store: { type: 'string', default: 'file' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
    },
  });
  const seconds = Number(values.seconds);
  const workerCount = Number(values.workers);
  const sessionsPerWorker = Number(values.sessions);
  const bound = Number(values.bound);
  const restartEveryMs = Number(values['restart-every-ms']);
  const seed = Number(values.seed);
  const storeKind = values.store as StoreKind;
  if (storeKind !== 'file' && storeKind !== 'redis') {
    throw new Error(`--store must be file or redis, got ${values.store}`);
  }

  let server: BenchServer | undefined;
  let directory: string | undefined;
  let spec: StoreSpec;
  if (storeKind === 'file') {
    directory = mkdtempSync(join(tmpdir(), 'acm-chaos-'));
    spec = { kind: 'file', location: directory };
  } else {
    server = await startBenchServer('redis');
    spec = { kind: 'redis', location: server.url };
  }
  const { store, close } = await openStore(spec);
  const conversations = loadSharedConversationsAsCore().map(
    (conversation) => conversation.messages,
  );

  const models: SessionModel[] = Array.from(
    { length: workerCount * sessionsPerWorker },
    (_, index) => ({
      id: `chaos-${index}`,
      index,
      ids: [],
      cursor: 0,
      generation: 0,
      removed: [],
    }),
  );
  const modelById = new Map(models.map((model) => [model.id, model]));
  const sessionsOf = (worker: number) =>
    models.slice(worker * sessionsPerWorker, (worker + 1) * sessionsPerWorker);

  const counts: Counts = {
    lost: 0,
    duplicated: 0,
    staleResults: 0,
    silentWipes: 0,
    failedCallChangedState: 0,
    untypedErrors: 0,
    searchMissedAfterEviction: 0,
    unexplained: 0,
    staleChecks: 0,
    wipeChecks: 0,
    searchAfterEvictionChecks: 0,
  };
  const operations: Record<string, number> = {};
  let acknowledged = 0;
  let evictions = 0;
  const restarts = { killed: 0, graceful: 0 };
  const examples: Record<string, string[]> = {};
  const note = (kind: string, detail: string | undefined) => {
    if (detail === undefined) return;
    const list = (examples[kind] ??= []);
    if (list.length < 3) list.push(detail);
  };

  const onMessage = (handle: WorkerHandle, message: WorkerMessage) => {
    switch (message.t) {
      case 'ready':
        break;
      case 'begin':
        handle.inFlight = {
          session: message.session,
          kind: message.kind,
          ids: message.ids,
        };
        break;
      case 'end':
        handle.inFlight = undefined;
        break;
      case 'ack': {
        const model = modelById.get(message.session)!;
        model.ids.push(...message.ids);
        acknowledged += message.ids.length;
        break;
      }
      case 'cursor':
        modelById.get(message.session)!.cursor = message.cursor;
        break;
      case 'cleared': {
        const model = modelById.get(message.session)!;
        model.ids = [];
        model.cursor = 0;
        model.generation = message.generation;
        model.removed.push(...message.removed);
        break;
      }
      case 'resync': {
        const model = modelById.get(message.session)!;
        model.ids = message.ids;
        model.cursor = message.cursor;
        model.removed.push(...message.removed);
        break;
      }
      case 'count':
        if (message.kind === 'evictions') evictions++;
        else if (message.kind in counts) {
          counts[message.kind as keyof Counts]++;
          note(message.kind, message.detail);
        } else {
          operations[message.kind] = (operations[message.kind] ?? 0) + 1;
        }
        break;
    }
  };

  const spawnWorker = (handle: WorkerHandle | undefined, worker: number) => {
    const child = fork(scriptPath, ['worker'], { stdio: 'inherit' });
    const next: WorkerHandle = handle ?? {
      worker,
      incarnation: 0,
      child,
      inFlight: undefined,
      exited: Promise.resolve(),
    };
    next.incarnation++;
    next.child = child;
    next.inFlight = undefined;
    // Every message the worker wrote is read before the channel closes.
    next.exited = Promise.all([once(child, 'exit'), once(child, 'disconnect')]);
    child.on('message', (message) => onMessage(next, message as WorkerMessage));
    const start: ParentMessage = {
      t: 'start',
      worker,
      incarnation: next.incarnation,
      sessions: sessionsOf(worker),
      store: spec,
      bound,
      seed,
    };
    child.send(start);
    return next;
  };

  /**
   * Reads the sessions of a worker that is gone from the store: what was
   * acknowledged must be there, byte-exact, once; a call in flight at a kill
   * may have landed or not (its outcome is adopted).
   */
  const verify = async (
    sessions: readonly SessionModel[],
    inFlight: WorkerHandle['inFlight'],
  ) => {
    for (const model of sessions) {
      const state = await store.load(model.id);
      const stored = state?.original ?? [];
      const storedIds = stored.map((message) => message.id);
      const pending = inFlight?.session === model.id ? inFlight : undefined;
      // A call in flight at the kill: adopt what it left.
      if (pending !== undefined) {
        if (
          pending.kind === 'clear' &&
          storedIds.length === 0 &&
          model.ids.length > 0
        ) {
          const conversation = sessionConversation(
            conversations,
            model.index,
            model.generation,
          );
          model.removed.push(
            ...conversation
              .filter((message) => model.ids.includes(message.id))
              .flatMap((message) => uniqueWordOf(message) ?? []),
          );
          model.ids = [];
          model.cursor = 0;
          model.generation++;
        } else if (pending.kind === 'resume') {
          model.ids = storedIds;
        } else {
          const landed = pending.ids.filter(
            (id) => storedIds.includes(id) && !model.ids.includes(id),
          );
          model.ids.push(...landed);
        }
      }
      const conversation = sessionConversation(
        conversations,
        model.index,
        model.generation,
      );
      const expectedById = new Map(
        conversation.map((message) => [message.id, message]),
      );
      const storedById = new Map(
        stored.map((message) => [message.id, message]),
      );
      for (const id of model.ids) {
        const message = storedById.get(id);
        if (
          message === undefined ||
          !isDeepStrictEqual(message, expectedById.get(id))
        ) {
          counts.lost++;
          note(
            'lost',
            `${model.id}: ${id} ${message === undefined ? 'missing' : 'changed'}`,
          );
        }
      }
      const seenIds = new Set<string>();
      const seenWords = new Set<string>();
      for (const message of stored) {
        const word = uniqueWordOf(message);
        if (
          seenIds.has(message.id) ||
          (word !== undefined && seenWords.has(word))
        ) {
          counts.duplicated++;
          note('duplicated', `${model.id}: ${message.id}`);
        }
        seenIds.add(message.id);
        if (word !== undefined) seenWords.add(word);
        if (!model.ids.includes(message.id)) {
          counts.unexplained++;
          note('unexplained', `${model.id}: ${message.id}`);
        }
      }
    }
  };

  const started = Date.now();
  const loadAverageAtStart = loadavg();
  const random = createRandom(seed);
  const handles = Array.from({ length: workerCount }, (_, worker) =>
    spawnWorker(undefined, worker),
  );
  const deadline = started + seconds * 1000;
  while (Date.now() < deadline) {
    await new Promise((resolve) =>
      setTimeout(
        resolve,
        Math.min(restartEveryMs, Math.max(0, deadline - Date.now())),
      ),
    );
    if (Date.now() >= deadline) break;
    const handle = handles[Math.floor(random() * handles.length)]!;
    const kill = random() < 0.5;
    if (kill) {
      handle.child.kill('SIGKILL');
      restarts.killed++;
    } else {
      handle.child.send({ t: 'stop' } satisfies ParentMessage);
      restarts.graceful++;
    }
    await handle.exited;
    await verify(sessionsOf(handle.worker), kill ? handle.inFlight : undefined);
    spawnWorker(handle, handle.worker);
  }
  for (const handle of handles)
    handle.child.send({ t: 'stop' } satisfies ParentMessage);
  await Promise.all(handles.map((handle) => handle.exited));
  await verify(models, undefined);
  await close();
  await server?.stop();
  if (directory !== undefined)
    rmSync(directory, { recursive: true, force: true });

  const result = {
    command: `lifecycle/chaos.ts --seconds ${seconds} --workers ${workerCount} --sessions ${sessionsPerWorker} --bound ${bound} --restart-every-ms ${restartEveryMs} --store ${storeKind} --seed ${seed}`,
    date: new Date().toISOString(),
    loadAverageAtStart,
    loadAverageAtEnd: loadavg(),
    seconds,
    workers: workerCount,
    sessions: models.length,
    registryBound: bound,
    store: storeKind,
    restarts,
    evictions,
    operations,
    acknowledgedMessages: acknowledged,
    counts,
    examples,
  };
  console.log(
    `chaos: ${workerCount} workers × ${sessionsPerWorker} sessions (registry bound ${bound}), ${storeKind} store, ${seconds} s: ` +
      `${restarts.killed} kills + ${restarts.graceful} graceful restarts, ${evictions} evictions, ${acknowledged} messages acknowledged`,
  );
  console.log(`operations: ${JSON.stringify(operations)}`);
  for (const [kind, value] of Object.entries(counts)) {
    console.log(`  ${kind}: ${value}`);
  }
  if (values.out === undefined) {
    console.log(`wrote ${writeResult('chaos.json', result)}`);
  } else {
    writeFileSync(values.out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`wrote ${values.out}`);
  }
}

if (process.argv[2] === 'worker') await runWorker();
else await runParent();
