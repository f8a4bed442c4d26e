import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import {
  InvalidConfigError,
  parseState,
  StoreConflictError,
  StoreError,
} from '@acm/core';
import {
  assertValidSave,
  assertValidSessionId,
  createMigrationCursor,
  createSessionLogCache,
  extendSessionLogSeal,
  planSessionLogWrite,
  replaySessionLog,
  sealSessionLogText,
  toStoreError,
} from '@acm/core/adapter';
import type {
  ContextState,
  SaveOptions,
  SessionLogCursor,
  SessionStore,
} from '@acm/core';
import type {
  SessionLogSealCodec,
  SessionLogTextSeal,
} from '@acm/core/adapter';
import { acquireFileLock } from './acquire-file-lock';
import type { FileLock } from './acquire-file-lock';
import {
  decodeSessionFileName,
  encodeSessionFileName,
} from './encode-session-file-name';

export interface FileSessionStoreOptions {
  /**
   * Directory holding one `<encoded session id>.json` file per session (its
   * session log, one JSON record per line). Created, with its parents, on the
   * first save.
   */
  directory: string;
  /**
   * How long a save or delete waits for another writer (in this or another
   * process) to release the session's lock before failing with `StoreError`.
   * @default 10_000
   */
  lockTimeoutMs?: number;
  /**
   * Age after which a session's lock file is considered abandoned by a crashed
   * writer and removed. Locks of dead processes on the same host are removed at once.
   * @default 30_000
   */
  staleLockMs?: number;
  /**
   * How many sessions the store remembers the last read or written state of,
   * so that their next save appends a delta without reading the file
   * (least recently used first out). A session it does not remember costs one
   * full read before its save.
   * @default 1000
   */
  cachedSessions?: number;
}

/** Age after which a dead writer's half-made lock files are removed. */
const leftoverGraceMs = 1000;

/** What `stat` tells of a session file. */
interface FileFacts {
  readonly size: number;
  readonly ino: number;
  readonly mtimeMs: number;
}

/**
 * What a cursor knows of the file it describes (its `storeData`): a save
 * writes only when the file is still that one — same size, inode and mtime,
 * and the same bytes where the seal looks (`sealSessionLogText`: the head of
 * its first record and its last record).
 */
interface FileLog {
  readonly facts: FileFacts;
  readonly seal: SessionLogTextSeal;
}

/** UTF-8 and SHA-1, as the file holds the log and the save checks it. */
const SEAL_CODEC: SessionLogSealCodec = {
  encode: (text) => Buffer.from(text, 'utf8'),
  byteLength: (text) => Buffer.byteLength(text, 'utf8'),
  digest: (bytes) => createHash('sha1').update(bytes).digest('hex'),
};

type Operation = 'load' | 'save' | 'delete' | 'list';

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error
    ? String(error.code)
    : undefined;
}

function assertPositive(parameter: string, value: number): void {
  if (!Number.isFinite(value) || value <= 0) {
    throw new InvalidConfigError({
      parameter,
      value,
      message: 'expected a positive number',
    });
  }
}

/**
 * The embedded default {@link SessionStore}: one file per session in
 * `directory`, holding the session's log (`planSessionLogWrite`), one JSON
 * record per line.
 *
 * - A save appends one record with only what changed (a turn that appends a
 *   message writes that message once) and `fsync`s it; the first save and
 *   compactions write one full record atomically: a temporary file in the same
 *   directory, `fsync`, `rename` over the session file, `fsync` of the
 *   directory. A record torn by a crash mid-append (no final newline) was
 *   never acknowledged: readers leave it out and the next save rewrites the
 *   file. Files written before session logs (one `serializeState` document)
 *   are read as they are and migrated by their next save.
 * - File names are a safe encoding of the session id (`encodeSessionFileName`):
 *   no separators, no dots, bounded length; ids cannot escape the directory.
 * - Compare-and-set holds across processes: a save or delete takes the
 *   session's lock file (`'wx'`), checks the stored revision (from the cursor
 *   when the file's size, inode and mtime are the ones it last wrote or read
 *   and its head and last record are the same bytes — `sealSessionLogText`,
 *   two bounded reads —, else by reading the whole file), and only then
 *   writes: never past or over a record it has not read. Lock files are created
 *   whole (never empty). Abandoned locks are broken (see `staleLockMs`; at
 *   once when the holder was a process of this host that is gone), and the
 *   temporary files their holder left are removed then.
 * - A corrupt or foreign session file fails load, save and delete with a
 *   `StoreError` naming the file (the `InvalidStateError` is its `cause`) and
 *   is left untouched.
 */
export function createFileSessionStore({
  directory,
  lockTimeoutMs = 10_000,
  staleLockMs = 30_000,
  cachedSessions = 1000,
}: FileSessionStoreOptions): SessionStore {
  if (typeof directory !== 'string' || directory === '') {
    throw new InvalidConfigError({
      parameter: 'directory',
      value: directory,
      message: 'expected a non-empty path',
    });
  }
  assertPositive('lockTimeoutMs', lockTimeoutMs);
  assertPositive('staleLockMs', staleLockMs);
  if (!Number.isSafeInteger(cachedSessions) || cachedSessions < 0) {
    throw new InvalidConfigError({
      parameter: 'cachedSessions',
      value: cachedSessions,
      message: 'expected an integer ≥ 0',
    });
  }
  const cursors = createSessionLogCache({ limit: cachedSessions });

  /** Per-session promise chains: writers of this store queue here before the lock file. */
  const queues = new Map<string, Promise<unknown>>();

  const pathOf = (stem: string) => join(directory, `${stem}.json`);

  /**
   * Reads and validates a session file; `undefined` when it does not exist.
   * Refreshes the session's cursor.
   */
  async function readSession(
    sessionId: string,
    path: string,
    operation: Operation,
  ): Promise<ContextState | undefined> {
    const file = await readFileIfExists(path);
    if (file === undefined) {
      cursors.delete(sessionId);
      return undefined;
    }
    const { state, cursor } = parseSessionFile(
      path,
      file.text,
      operation,
      sessionId,
      file.facts,
    );
    if (state.sessionId !== sessionId) {
      throw new StoreError({
        operation,
        sessionId,
        message: `Session file ${path} holds session ${JSON.stringify(state.sessionId)}, not ${JSON.stringify(sessionId)}; it was left untouched.`,
      });
    }
    cursors.set(sessionId, cursor);
    return state;
  }

  /** Appends a record to the session file and syncs it; the lock must still be held. */
  async function appendRecord(
    path: string,
    text: string,
    lock: FileLock,
  ): Promise<void> {
    const handle = await open(path, 'a');
    try {
      if (!(await lock.isHeld())) {
        throw new Error(
          `lost the session lock (broken as stale after ${staleLockMs} ms); nothing was written`,
        );
      }
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /**
   * Runs `action` holding the session's in-process queue slot and its lock
   * file; rejects with `LockTimeoutError` (a `StoreError` of `operation`)
   * when the lock file stays held for `lockTimeoutMs`.
   */
  async function withSessionLock<T>(
    sessionId: string,
    operation: 'save' | 'delete',
    action: (lock: FileLock) => Promise<T>,
  ): Promise<T> {
    const stem = encodeSessionFileName(sessionId);
    const previous = queues.get(stem) ?? Promise.resolve();
    const run = previous.then(async () => {
      const lock = await acquireFileLock({
        path: join(directory, `${stem}.lock`),
        timeoutMs: lockTimeoutMs,
        staleMs: staleLockMs,
        onAbandoned: () => removeLeftovers(stem),
        operation,
        sessionId,
      });
      try {
        return await action(lock);
      } finally {
        await lock.release();
      }
    });
    const settled = run.catch(() => undefined);
    queues.set(stem, settled);
    void settled.then(() => {
      if (queues.get(stem) === settled) queues.delete(stem);
    });
    return run;
  }

  /**
   * Removes what a writer of `stem` killed mid-save left behind: its
   * temporary files (only the lock holder writes them, and the lock we now
   * hold was broken as abandoned) and lock files it was creating or breaking
   * (after `leftoverGraceMs`, so a live contender's are not taken).
   */
  async function removeLeftovers(stem: string): Promise<void> {
    const now = Date.now();
    for (const name of await readdir(directory)) {
      const temporary = name.startsWith(`.${stem}.`) && name.endsWith('.tmp');
      const lockPart =
        name.startsWith(`${stem}.lock.`) &&
        (name.endsWith('.pending') || name.endsWith('.stale'));
      if (!temporary && !lockPart) continue;
      const path = join(directory, name);
      try {
        if (lockPart && now - (await stat(path)).mtimeMs < leftoverGraceMs)
          continue;
        await unlink(path);
      } catch {
        // Gone already, or not ours to remove: leave it.
      }
    }
  }

  async function writeAtomically(
    stem: string,
    text: string,
    lock: FileLock,
  ): Promise<void> {
    const target = pathOf(stem);
    const temporary = join(directory, `.${stem}.${randomUUID()}.tmp`);
    try {
      const handle = await open(temporary, 'wx');
      try {
        await handle.writeFile(text, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      if (!(await lock.isHeld())) {
        throw new Error(
          `lost the session lock (broken as stale after ${staleLockMs} ms); nothing was written`,
        );
      }
      await rename(temporary, target);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    await syncDirectory();
  }

  async function syncDirectory(): Promise<void> {
    let handle;
    try {
      handle = await open(directory, 'r');
      await handle.sync();
    } catch {
      // Some platforms (Windows) cannot open or fsync a directory; the rename is still atomic.
    } finally {
      await handle?.close();
    }
  }

  return {
    async load(sessionId: string): Promise<ContextState | undefined> {
      assertValidSessionId(sessionId);
      try {
        return await readSession(
          sessionId,
          pathOf(encodeSessionFileName(sessionId)),
          'load',
        );
      } catch (error) {
        throw toStoreError({
          error,
          operation: 'load',
          sessionId,
          store: 'File session store',
        });
      }
    },

    async save(
      sessionId: string,
      state: ContextState,
      { expectedRevision }: SaveOptions,
    ) {
      assertValidSave({ sessionId, state, expectedRevision });
      const stem = encodeSessionFileName(sessionId);
      const path = pathOf(stem);
      try {
        await mkdir(directory, { recursive: true });
        await withSessionLock(sessionId, 'save', async (lock) => {
          let cursor = cursors.get(sessionId);
          // Never write past or over what this store has not read: a file
          // changed since (even in place, its times put back) is read again,
          // which refuses a record it cannot read.
          if (
            cursor === undefined ||
            !(await isUnchanged(path, cursor.storeData as FileLog | undefined))
          ) {
            const stored = await readSession(sessionId, path, 'save');
            cursor = stored === undefined ? undefined : cursors.get(sessionId);
          }
          const actualRevision = cursor?.revision ?? null;
          if (actualRevision !== expectedRevision) {
            throw new StoreConflictError({
              sessionId,
              expectedRevision,
              actualRevision,
            });
          }
          const write = planSessionLogWrite({
            cursor,
            state,
            expectedRevision,
            createEpoch: randomUUID,
          });
          const line = `${write.text}\n`;
          const before = cursor?.storeData as FileLog | undefined;
          let seal: SessionLogTextSeal;
          if (write.kind === 'full') {
            await writeAtomically(stem, line, lock);
            seal = sealSessionLogText(line, SEAL_CODEC);
          } else {
            await appendRecord(path, line, lock);
            seal = extendSessionLogSeal(before!.seal, line, SEAL_CODEC);
          }
          const facts = await statIfExists(path);
          cursors.set(
            sessionId,
            write.cursorAfter(
              facts === undefined
                ? undefined
                : ({ facts, seal } satisfies FileLog),
            ),
          );
        });
      } catch (error) {
        cursors.delete(sessionId);
        throw toStoreError({
          error,
          operation: 'save',
          sessionId,
          store: 'File session store',
        });
      }
    },

    async delete(sessionId: string): Promise<boolean> {
      assertValidSessionId(sessionId);
      const stem = encodeSessionFileName(sessionId);
      cursors.delete(sessionId);
      try {
        return await withSessionLock(sessionId, 'delete', async () => {
          const stored = await readSession(sessionId, pathOf(stem), 'delete');
          if (stored === undefined) return false;
          cursors.delete(sessionId);
          await unlink(pathOf(stem));
          await syncDirectory();
          return true;
        });
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return false;
        throw toStoreError({
          error,
          operation: 'delete',
          sessionId,
          store: 'File session store',
        });
      }
    },

    async list(): Promise<string[]> {
      try {
        let names: string[];
        try {
          names = await readdir(directory);
        } catch (error) {
          if (errorCode(error) === 'ENOENT') return [];
          throw error;
        }
        const ids: string[] = [];
        for (const name of names) {
          if (!name.endsWith('.json') || name.startsWith('.')) continue;
          const stem = name.slice(0, -'.json'.length);
          const decoded = decodeSessionFileName(stem);
          if (decoded !== undefined) {
            ids.push(decoded);
            continue;
          }
          if (!stem.includes('~')) continue;
          // A hashed name: the id is in the document.
          const state = await readHashedSession(join(directory, name));
          if (
            state !== undefined &&
            encodeSessionFileName(state.sessionId) === stem
          ) {
            ids.push(state.sessionId);
          }
        }
        return ids.sort();
      } catch (error) {
        throw toStoreError({
          error,
          operation: 'list',
          store: 'File session store',
        });
      }
    },
  };
}

/** Reads a session file whose name is hashed (deleted meanwhile → `undefined`). */
async function readHashedSession(
  path: string,
): Promise<ContextState | undefined> {
  const file = await readFileIfExists(path);
  return file === undefined
    ? undefined
    : parseSessionFile(path, file.text, 'list', undefined, file.facts).state;
}

/** The file's text and facts, or `undefined` when it does not exist. */
async function readFileIfExists(
  path: string,
): Promise<{ text: string; facts: FileFacts } | undefined> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const facts = toFacts(await handle.stat());
    const text = await handle.readFile('utf8');
    return { text, facts };
  } finally {
    await handle.close();
  }
}

async function statIfExists(path: string): Promise<FileFacts | undefined> {
  try {
    return toFacts(await stat(path));
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

function toFacts(stats: {
  size: number;
  ino: number;
  mtimeMs: number;
}): FileFacts {
  return { size: stats.size, ino: stats.ino, mtimeMs: stats.mtimeMs };
}

function sameFile(known: FileFacts, facts: FileFacts): boolean {
  return (
    known.size === facts.size &&
    known.ino === facts.ino &&
    known.mtimeMs === facts.mtimeMs
  );
}

/**
 * Whether the session file is still the one `known` describes: same size,
 * inode and mtime, and the same head and tail bytes (two reads of at most
 * 4 KiB and 64 KiB, whatever the file's size).
 */
async function isUnchanged(
  path: string,
  known: FileLog | undefined,
): Promise<boolean> {
  if (known === undefined) return false;
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
  try {
    const { seal } = known;
    if (!sameFile(known.facts, toFacts(await handle.stat()))) return false;
    const window = async (start: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, start);
      return SEAL_CODEC.digest(buffer.subarray(0, bytesRead));
    };
    return (
      (await window(0, seal.headBytes)) === seal.headDigest &&
      (await window(seal.tailStart, seal.bytes - seal.tailStart)) ===
        seal.tailDigest
    );
  } finally {
    await handle.close();
  }
}

/**
 * Parses a session file's text: a session log (one record per line; a last
 * line without its newline is a torn append and is left out) or a
 * `serializeState` document written before session logs. A corrupt one fails
 * with `StoreError` naming the file.
 */
function parseSessionFile(
  path: string,
  text: string,
  operation: Operation,
  sessionId: string | undefined,
  facts: FileFacts,
): { state: ContextState; cursor: SessionLogCursor } {
  try {
    const storeData: FileLog = {
      facts,
      seal: sealSessionLogText(text, SEAL_CODEC),
    };
    if (
      text.startsWith('{"format":"acm.context-state"') &&
      !text.includes('\n')
    ) {
      const state = parseState(text);
      return { state, cursor: createMigrationCursor(state, storeData) };
    }
    const end = text.lastIndexOf('\n');
    const records = end < 0 ? [] : text.slice(0, end).split('\n');
    return replaySessionLog({
      records,
      torn: end !== text.length - 1,
      storeData,
    });
  } catch (error) {
    throw new StoreError({
      operation,
      sessionId,
      message: `Session file ${path} is corrupt and was left untouched: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
}
