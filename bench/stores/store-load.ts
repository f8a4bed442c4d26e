/**
 * Session store load test: 2 OS processes × 50 sessions × 200 turns of the
 * shared conversations through AutoContextMemory (compression on), against a
 * private Redis and a private PostgreSQL, both processes working on the SAME
 * sessions with compare-and-set. Verifies from the store that no message and
 * no update was lost. See bench/README.md.
 *
 * Run: cd bench && npx tsx --conditions=@acm/source stores/store-load.ts   # or: pnpm store-load
 * Options: `store-load.ts redis` or `store-load.ts postgres` runs one backend.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  AutoContextMemory,
  StoreConflictError,
  createApproximateTokenCounter,
  createExtractiveSummarizer,
} from '@acm/core';
import { checkStateContract } from '@acm/core/internal';
import type {
  AutoContextConfigInput,
  ContextState,
  ContractViolationKind,
  Message,
  Part,
  SessionStore,
} from '@acm/core';
import { loadSharedConversationsAsCore } from '@acm/core/testing';
import {
  createPostgresSessionStore,
  migratePostgresSessionStore,
} from '@acm/store-postgres';
import { createRedisSessionStore } from '@acm/store-redis';
import pg from 'pg';
import { createClient } from 'redis';
import { startBenchServer } from '../lib/bench-servers';
import { sharedDataDirectory } from '../lib/paths';
import { writeResult } from '../lib/write-result';

const scriptPath = fileURLToPath(import.meta.url);

const PROCESSES = 2;
const SESSIONS = 50;
/** 200; `ACM_STORE_LOAD_TURNS` lowers it for a quick check of the script only (figures: 200). */
const TURNS = Number(process.env.ACM_STORE_LOAD_TURNS ?? 200);
/** Saves timed one at a time after the run. */
const QUIET_SAVES = 100;
/** Connections per process (Postgres pool). */
const POOL_SIZE = 10;
/** Conflicts in a row after which a turn gives up (never reached in practice). */
const MAX_ATTEMPTS = 1000;
/**
 * Turns are data messages of at most this many characters of JSON (the median
 * is 563 for SWE, 237 for tau). Each save writes the whole session (Postgres)
 * or its document without offload bodies (Redis), so the cost of a save grows
 * with the history; see the README.
 */
const MAX_MESSAGE_CHARS = 1000;

/** Small enough that compression fires every few turns on these messages. */
const CONFIG: AutoContextConfigInput = {
  maxToken: 6000,
  tokenRatio: 0.75,
  targetRatio: 0.4,
  msgThreshold: 40,
  lastKeep: 10,
  largePayloadThreshold: 1200,
  minCompressionTokenThreshold: 300,
  historyRollupKeepRecentTokens: 800,
  historyRollupKeepRecentRounds: 1,
};

type Backend = 'redis' | 'postgres';
const BACKENDS: readonly Backend[] = ['redis', 'postgres'];

/** One successful save: the revision it started from and the one it wrote. */
type SaveRecord = readonly [expected: number | null, written: number];

interface WorkerReport {
  readonly worker: number;
  /** Per session: successful saves in order. */
  readonly saves: Record<string, SaveRecord[]>;
  /** Per session: saves refused with StoreConflictError. */
  readonly conflicts: Record<string, number>;
  /** Every save call (successful or conflicting), ms. */
  readonly saveLatencies: number[];
  /** Load calls (first use and after each conflict), ms. */
  readonly loadLatencies: number[];
  /** compressIfNeeded calls that applied at least one pass. */
  readonly compressions: number;
  readonly turns: number;
  readonly elapsedMs: number;
}

const sessionIdOf = (session: number) => `load-${session}`;

// ---- the turns -------------------------------------------------------------

/** Data messages in conversation order, system prompts left out, interleaving SWE and tau conversations (sizes are filtered per turn, `buildTurns`). */
function loadPool(): Message[][] {
  const convert = {
    invalidToolArguments: 'keep-raw',
    orphanToolResults: 'keep',
  } as const;
  const swe = loadSharedConversationsAsCore({
    dataset: 'swe',
    dataDir: sharedDataDirectory,
    convert,
  });
  const tau = loadSharedConversationsAsCore({
    dataset: 'tau',
    dataDir: sharedDataDirectory,
    convert,
  });
  const pool: Message[][] = [];
  for (let index = 0; index < Math.max(swe.length, tau.length); index++) {
    for (const conversation of [swe[index], tau[index]]) {
      if (conversation === undefined) continue;
      const messages = conversation.messages.filter(
        (message) => message.role !== 'system',
      );
      if (messages.length > 0) pool.push(messages);
    }
  }
  return pool;
}

function renamePart(part: Part, prefix: string): Part {
  if (part.type === 'tool-call' || part.type === 'tool-result') {
    return { ...part, toolCallId: `${prefix}-${part.toolCallId}` };
  }
  return part;
}

/**
 * A conversation's turns: each tool exchange (an assistant message with tool
 * calls and the tool messages answering every call, right after it) is one
 * turn, added in one `addMessages` batch; any other message is a turn of its
 * own. A turn with a message over `MAX_MESSAGE_CHARS`, an exchange with a call
 * left unanswered, and a tool message outside an exchange are left out. The
 * memory rejects broken tool pairing, and two processes add turns to one
 * session: whole exchanges keep every interleaving of the two valid.
 */
function conversationTurns(messages: readonly Message[]): Message[][] {
  const turns: Message[][] = [];
  const small = (message: Message) =>
    JSON.stringify(message).length <= MAX_MESSAGE_CHARS;
  for (let index = 0; index < messages.length;) {
    const message = messages[index]!;
    index++;
    if (message.role === 'tool') continue;
    const calls = message.content.flatMap((part) =>
      part.type === 'tool-call' ? [part.toolCallId] : [],
    );
    if (message.role !== 'assistant' || calls.length === 0) {
      if (small(message)) turns.push([message]);
      continue;
    }
    const turn = [message];
    const answered = new Set<string>();
    let paired = new Set(calls).size === calls.length;
    while (index < messages.length && messages[index]!.role === 'tool') {
      const result = messages[index]!;
      index++;
      turn.push(result);
      for (const part of result.content) {
        if (
          part.type !== 'tool-result' ||
          !calls.includes(part.toolCallId) ||
          answered.has(part.toolCallId)
        ) {
          paired = false;
        } else {
          answered.add(part.toolCallId);
        }
      }
    }
    if (paired && answered.size === calls.length && turn.every(small)) {
      turns.push(turn);
    }
  }
  return turns;
}

/**
 * The 200 messages worker `worker` adds to session `session`, as turns
 * (`conversationTurns`; a turn may take the count a little over 200): from a
 * conversation chosen by (session, worker), continuing into the next ones,
 * under fresh message and tool-call ids. Deterministic, so the verifier
 * rebuilds them.
 */
function buildTurns(
  pool: readonly Message[][],
  worker: number,
  session: number,
): Message[][] {
  const turns: Message[][] = [];
  let count = 0;
  let conversation = (session * PROCESSES + worker) * 3;
  while (count < TURNS) {
    const source = pool[conversation % pool.length]!;
    const prefix = `w${worker}-s${session}-c${conversation}`;
    for (const turn of conversationTurns(source)) {
      if (count >= TURNS) break;
      turns.push(
        turn.map((message) => ({
          ...message,
          id: `w${worker}-s${session}-t${count++}`,
          content: message.content.map((part) => renamePart(part, prefix)),
        })),
      );
    }
    conversation++;
  }
  return turns;
}

// ---- stores ------------------------------------------------------------------

interface OpenStore {
  readonly store: SessionStore;
  close(): Promise<void>;
}

async function openStore(
  backend: Backend,
  url: string,
  poolSize: number,
): Promise<OpenStore> {
  if (backend === 'redis') {
    const client = createClient({ url, disableOfflineQueue: true });
    client.on('error', (error: unknown) => console.error('redis:', error));
    await client.connect();
    return {
      store: createRedisSessionStore({ client, keyPrefix: 'load:' }),
      close: () => {
        client.destroy();
        return Promise.resolve();
      },
    };
  }
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', (error) => console.error('postgres:', error));
  await migratePostgresSessionStore({ pool, table: 'load_sessions' });
  return {
    store: createPostgresSessionStore({ pool, table: 'load_sessions' }),
    close: () => pool.end(),
  };
}

// ---- worker ----------------------------------------------------------------

async function runWorker(
  backend: Backend,
  url: string,
  worker: number,
): Promise<WorkerReport> {
  const pool = loadPool();
  const opened = await openStore(backend, url, POOL_SIZE);
  const { store } = opened;
  const counter = createApproximateTokenCounter();
  const summarizer = createExtractiveSummarizer();
  const saves: Record<string, SaveRecord[]> = {};
  const conflicts: Record<string, number> = {};
  const saveLatencies: number[] = [];
  const loadLatencies: number[] = [];
  let compressions = 0;
  let turnCount = 0;

  const load = async (memory: AutoContextMemory): Promise<number | null> => {
    const start = performance.now();
    const found = await memory.load();
    loadLatencies.push(performance.now() - start);
    return found ? memory.getState().revision : null;
  };

  interface Session {
    readonly sessionId: string;
    readonly turns: readonly (readonly Message[])[];
    readonly records: SaveRecord[];
    /** Load-or-reuse: one memory per session per process, loaded on first use and after a conflict. */
    memory?: AutoContextMemory;
    stored: number | null;
  }
  const sessions: Session[] = Array.from({ length: SESSIONS }, (_, session) => {
    const sessionId = sessionIdOf(session);
    conflicts[sessionId] = 0;
    return {
      sessionId,
      turns: buildTurns(pool, worker, session),
      records: (saves[sessionId] = []),
      stored: null,
    };
  });

  const runTurn = async (session: Session, turn: readonly Message[]) => {
    const { sessionId, records } = session;
    let memory = session.memory;
    if (memory === undefined) {
      memory = session.memory = new AutoContextMemory({
        sessionId,
        config: CONFIG,
        counter,
        summarizer,
        store,
      });
      session.stored = await load(memory);
    }
    let stored = session.stored;
    for (let attempt = 1; ; attempt++) {
      await memory.addMessages(turn);
      const result = await memory.compressIfNeeded();
      if (result.applied) compressions++;
      const written = memory.getState().revision;
      const start = performance.now();
      try {
        await memory.save();
        saveLatencies.push(performance.now() - start);
        records.push([stored, written]);
        stored = written;
        break;
      } catch (error) {
        saveLatencies.push(performance.now() - start);
        if (!StoreConflictError.isInstance(error) || attempt >= MAX_ATTEMPTS)
          throw error;
        conflicts[sessionId] = (conflicts[sessionId] ?? 0) + 1;
        // Someone else saved first: take their state and re-apply this turn to it.
        stored = await load(memory);
      }
    }
    session.stored = stored;
    turnCount++;
  };

  // Every session at once, each one turn after the other (a server holding 50 live conversations);
  // the other process does the same on the same sessions.
  const runSession = async (session: Session) => {
    for (const turn of session.turns) await runTurn(session, turn);
  };

  const start = performance.now();
  await Promise.all(sessions.map(runSession));
  const elapsedMs = performance.now() - start;
  await opened.close();
  return {
    worker,
    saves,
    conflicts,
    saveLatencies,
    loadLatencies,
    compressions,
    turns: turnCount,
    elapsedMs,
  };
}

// ---- verification ----------------------------------------------------------

/** JSON with object keys sorted (JSONB does not keep key order). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : inner,
  );
}

const LOSS_KINDS: ReadonlySet<ContractViolationKind> = new Set([
  'message-lost',
  'dangling-offload-reference',
  'original-changed',
]);

interface Verification {
  readonly lostMessages: number;
  readonly changedMessages: number;
  readonly duplicatedMessages: number;
  readonly lostUpdates: number;
  /** checkStateContract: a message not reachable byte-exact, a dangling stub, a changed history. */
  readonly lossViolations: number;
  /**
   * checkStateContract's tool-pairing rules: each process adds whole tool
   * exchanges (`conversationTurns`), so every interleaving stays paired and
   * this is 0.
   */
  readonly structureViolations: number;
  readonly successfulSaves: number;
  readonly finalRevisionTotal: number;
  readonly originalMessages: number;
  readonly workingMessages: number;
  readonly offloadEntries: number;
  readonly stateBytes: { readonly mean: number; readonly max: number };
}

/**
 * Lost updates: per session, the successful saves must form one chain of
 * revisions (each starting from the revision the previous one wrote, from
 * "no session" to the stored revision). A save that overwrote another
 * without seeing it breaks the chain; every save off the chain counts.
 */
function countLostUpdates(
  records: readonly SaveRecord[],
  finalRevision: number,
): number {
  const next = new Map<number | null, number>();
  for (const [expected, written] of records) {
    // Two saves from the same revision: only one can be on the chain.
    if (!next.has(expected)) next.set(expected, written);
  }
  let current: number | null = null;
  let chain = 0;
  while (next.has(current) && chain <= records.length) {
    current = next.get(current)!;
    chain++;
  }
  return records.length - chain + (current === finalRevision ? 0 : 1);
}

async function verify(
  store: SessionStore,
  reports: readonly WorkerReport[],
): Promise<Verification> {
  const pool = loadPool();
  let lostMessages = 0;
  let changedMessages = 0;
  let duplicatedMessages = 0;
  let lostUpdates = 0;
  let lossViolations = 0;
  let structureViolations = 0;
  let successfulSaves = 0;
  let finalRevisionTotal = 0;
  let originalMessages = 0;
  let workingMessages = 0;
  let offloadEntries = 0;
  const sizes: number[] = [];
  for (let session = 0; session < SESSIONS; session++) {
    const sessionId = sessionIdOf(session);
    const state: ContextState | undefined = await store.load(sessionId);
    if (state === undefined)
      throw new Error(`session ${sessionId} is not stored`);
    sizes.push(JSON.stringify(state).length);
    const stored = new Map<string, Message>();
    for (const message of state.original) {
      if (stored.has(message.id)) duplicatedMessages++;
      stored.set(message.id, message);
    }
    for (let worker = 0; worker < PROCESSES; worker++) {
      for (const message of buildTurns(pool, worker, session).flat()) {
        const found = stored.get(message.id);
        if (found === undefined) lostMessages++;
        else if (
          canonical(found) !== canonical(JSON.parse(JSON.stringify(message)))
        )
          changedMessages++;
      }
    }
    for (const violation of checkStateContract({ after: state })) {
      if (LOSS_KINDS.has(violation.kind)) lossViolations++;
      else structureViolations++;
    }
    const records = reports.flatMap((report) => report.saves[sessionId] ?? []);
    successfulSaves += records.length;
    lostUpdates += countLostUpdates(records, state.revision);
    finalRevisionTotal += state.revision;
    originalMessages += state.original.length;
    workingMessages += state.working.length;
    offloadEntries += Object.keys(state.offloads).length;
  }
  return {
    lostMessages,
    changedMessages,
    duplicatedMessages,
    lostUpdates,
    lossViolations,
    structureViolations,
    successfulSaves,
    finalRevisionTotal,
    originalMessages,
    workingMessages,
    offloadEntries,
    stateBytes: {
      mean: Math.round(
        sizes.reduce((total, size) => total + size, 0) / sizes.length,
      ),
      max: Math.max(...sizes),
    },
  };
}

/**
 * Save latency without contention: after the run, one process, one save in
 * flight, on a full session (one of the load sessions, copied to a fresh id).
 */
async function measureQuietSaves(store: SessionStore): Promise<number[]> {
  const source = await store.load(sessionIdOf(0));
  if (source === undefined) throw new Error('no session to copy');
  const sessionId = 'quiet';
  await store.save(
    sessionId,
    { ...source, sessionId },
    { expectedRevision: null },
  );
  const memory = new AutoContextMemory({
    sessionId,
    config: CONFIG,
    counter: createApproximateTokenCounter(),
    store,
  });
  await memory.load();
  const turns = buildTurns(loadPool(), 0, 1);
  const latencies: number[] = [];
  for (const [index, turn] of turns.slice(0, QUIET_SAVES).entries()) {
    await memory.addMessages(
      turn.map((message, at) => ({ ...message, id: `quiet-${index}-${at}` })),
    );
    const start = performance.now();
    await memory.save();
    latencies.push(performance.now() - start);
  }
  await store.delete(sessionId);
  return latencies;
}

// ---- main --------------------------------------------------------------------

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ??
    Number.NaN
  );
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

function startWorker(
  backend: Backend,
  url: string,
  worker: number,
): { child: ChildProcess; report: Promise<WorkerReport> } {
  const child = fork(scriptPath, ['worker', backend, url, String(worker)], {
    stdio: 'inherit',
  });
  const report = new Promise<WorkerReport>((resolvePromise, reject) => {
    let received: WorkerReport | undefined;
    child.on('message', (message) => {
      received = message as WorkerReport;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0 && received !== undefined) resolvePromise(received);
      else
        reject(
          new Error(
            `worker ${worker} (${backend}) exited with ${String(code)}`,
          ),
        );
    });
  });
  return { child, report };
}

type BackendResult = Awaited<ReturnType<typeof runBackend>>;

async function runBackend(backend: Backend) {
  const server = await startBenchServer(backend);
  try {
    // Create the table once, before the workers start.
    const admin = await openStore(backend, server.url, 2);
    const start = performance.now();
    const workers = Array.from({ length: PROCESSES }, (_, worker) =>
      startWorker(backend, server.url, worker),
    );
    let reports: WorkerReport[];
    try {
      reports = await Promise.all(workers.map(({ report }) => report));
    } catch (error) {
      for (const { child } of workers) child.kill('SIGKILL');
      throw error;
    }
    const wallMs = performance.now() - start;
    const verification = await verify(admin.store, reports);
    const quietSaveLatencies = await measureQuietSaves(admin.store);
    await admin.close();
    const saveLatencies = reports.flatMap((report) => report.saveLatencies);
    const loadLatencies = reports.flatMap((report) => report.loadLatencies);
    const retries = reports.reduce(
      (total, report) =>
        total +
        Object.values(report.conflicts).reduce((sum, count) => sum + count, 0),
      0,
    );
    return {
      backend,
      processes: PROCESSES,
      sessions: SESSIONS,
      turnsPerSessionPerProcess: TURNS,
      turns: reports.reduce((total, report) => total + report.turns, 0),
      wallSeconds: round(wallMs / 1000, 1),
      workerSeconds: reports.map((report) => round(report.elapsedMs / 1000, 1)),
      compareAndSetRetries: retries,
      compressions: reports.reduce(
        (total, report) => total + report.compressions,
        0,
      ),
      saveCalls: saveLatencies.length,
      saveLatencyMs: {
        p50: round(percentile(saveLatencies, 0.5)),
        p99: round(percentile(saveLatencies, 0.99)),
        max: round(Math.max(...saveLatencies)),
      },
      loadLatencyMs: {
        p50: round(percentile(loadLatencies, 0.5)),
        p99: round(percentile(loadLatencies, 0.99)),
      },
      quietSaveLatencyMs: {
        p50: round(percentile(quietSaveLatencies, 0.5)),
        p99: round(percentile(quietSaveLatencies, 0.99)),
      },
      ...verification,
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  const requested = process.argv
    .slice(2)
    .filter((argument): argument is Backend =>
      (BACKENDS as readonly string[]).includes(argument),
    );
  const backends = requested.length > 0 ? requested : BACKENDS;
  const started = performance.now();
  const loadAverageAtStart = loadavg()[0] ?? 0;
  const results: BackendResult[] = [];
  for (const backend of backends) {
    console.log(
      `${backend}: ${PROCESSES} processes × ${SESSIONS} sessions × ${TURNS} turns…`,
    );
    results.push(await runBackend(backend));
  }
  const totalSeconds = round((performance.now() - started) / 1000, 1);

  const columns = ['', ...results.map((result) => result.backend)];
  const rows: [string, (result: (typeof results)[number]) => string][] = [
    ['turns (all processes)', (result) => String(result.turns)],
    ['lost messages', (result) => String(result.lostMessages)],
    [
      'changed / duplicated messages',
      (result) => `${result.changedMessages} / ${result.duplicatedMessages}`,
    ],
    ['lost updates', (result) => String(result.lostUpdates)],
    [
      'successful saves = revision chain',
      (result) => String(result.successfulSaves),
    ],
    [
      'compare-and-set retries',
      (result) => String(result.compareAndSetRetries),
    ],
    [
      'checkStateContract: loss / tool pairing',
      (result) => `${result.lossViolations} / ${result.structureViolations}`,
    ],
    ['compressions applied', (result) => String(result.compressions)],
    [
      'save p50 / p99 ms',
      (result) => `${result.saveLatencyMs.p50} / ${result.saveLatencyMs.p99}`,
    ],
    [
      'save p50 / p99 ms, one at a time, after',
      (result) =>
        `${result.quietSaveLatencyMs.p50} / ${result.quietSaveLatencyMs.p99}`,
    ],
    [
      'load p50 / p99 ms',
      (result) => `${result.loadLatencyMs.p50} / ${result.loadLatencyMs.p99}`,
    ],
    [
      'final state mean / max KB',
      (result) =>
        `${round(result.stateBytes.mean / 1024, 0)} / ${round(result.stateBytes.max / 1024, 0)}`,
    ],
    ['wall time s', (result) => String(result.wallSeconds)],
  ];
  const table = [
    columns,
    ...rows.map(([label, cell]) => [label, ...results.map(cell)]),
  ];
  const widths = columns.map((_, index) =>
    Math.max(...table.map((row) => row[index]!.length)),
  );
  for (const row of table) {
    console.log(
      row
        .map((cell, index) =>
          index === 0
            ? cell.padEnd(widths[index]!)
            : cell.padStart(widths[index]!),
        )
        .join('  '),
    );
  }
  console.log(`total ${totalSeconds} s`);

  // A shortened check run (ACM_STORE_LOAD_TURNS) does not replace the figures.
  const output = writeResult(
    TURNS === 200 ? 'store-load.json' : 'store-load.check.json',
    {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      /** 1-minute load average of the machine before and after the run (other work shares it). */
      loadAverage1m: {
        start: round(loadAverageAtStart),
        end: round(loadavg()[0] ?? 0),
      },
      config: CONFIG,
      maxMessageChars: MAX_MESSAGE_CHARS,
      totalSeconds,
      results,
    },
  );
  console.log(`wrote ${output}`);
  const failed = results.some(
    (result) =>
      result.lostMessages +
        result.lostUpdates +
        result.changedMessages +
        result.duplicatedMessages +
        result.lossViolations >
      0,
  );
  if (failed) process.exitCode = 1;
}

if (process.argv[2] === 'worker') {
  const [, , , backend, url, worker] = process.argv;
  const report = await runWorker(backend as Backend, url!, Number(worker));
  // Disconnect only once the report is sent: a pending IPC message would be dropped.
  process.send!(report, () => process.disconnect());
} else {
  await main();
}
