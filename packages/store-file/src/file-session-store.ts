import { randomUUID } from 'node:crypto';
import {
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  unlink,
} from 'node:fs/promises';
import { join } from 'node:path';
import {
  InvalidConfigError,
  parseState,
  serializeState,
  StoreConflictError,
  StoreError,
} from '@acm/core';
import {
  assertValidSave,
  assertValidSessionId,
  toStoreError,
} from '@acm/core/internal';
import type { ContextState, SaveOptions, SessionStore } from '@acm/core';
import { acquireFileLock } from './acquire-file-lock';
import type { FileLock } from './acquire-file-lock';
import {
  decodeSessionFileName,
  encodeSessionFileName,
} from './encode-session-file-name';

export interface FileSessionStoreOptions {
  /**
   * Directory holding one `<encoded session id>.json` file per session (the
   * `serializeState` document). Created, with its parents, on the first save.
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
}

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
 * The embedded default {@link SessionStore}: one JSON file per session in
 * `directory`.
 *
 * - File names are a safe encoding of the session id (`encodeSessionFileName`):
 *   no separators, no dots, bounded length; ids cannot escape the directory.
 * - Writes are atomic: a temporary file in the same directory, `fsync`, then
 *   `rename` over the session file, then `fsync` of the directory. A reader
 *   sees the old document or the new one, never a mix.
 * - Compare-and-set holds across processes: a save or delete takes the
 *   session's lock file (`'wx'`), re-reads the stored revision, and only then
 *   writes. Abandoned locks are broken (see `staleLockMs`).
 * - A corrupt or foreign session file fails load, save and delete with a
 *   `StoreError` naming the file (the `InvalidStateError` is its `cause`) and
 *   is left untouched.
 */
export function createFileSessionStore({
  directory,
  lockTimeoutMs = 10_000,
  staleLockMs = 30_000,
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

  /** Per-session promise chains: writers of this store queue here before the lock file. */
  const queues = new Map<string, Promise<unknown>>();

  const pathOf = (stem: string) => join(directory, `${stem}.json`);

  /** Reads and validates a session file; `undefined` when it does not exist. */
  async function readSession(
    sessionId: string,
    path: string,
    operation: Operation,
  ): Promise<ContextState | undefined> {
    const text = await readTextIfExists(path);
    if (text === undefined) return undefined;
    const state = parseSessionFile(path, text, operation, sessionId);
    if (state.sessionId !== sessionId) {
      throw new StoreError({
        operation,
        sessionId,
        message: `Session file ${path} holds session ${JSON.stringify(state.sessionId)}, not ${JSON.stringify(sessionId)}; it was left untouched.`,
      });
    }
    return state;
  }

  /** Runs `action` holding the session's in-process queue slot and its lock file. */
  async function withSessionLock<T>(
    stem: string,
    action: (lock: FileLock) => Promise<T>,
  ): Promise<T> {
    const previous = queues.get(stem) ?? Promise.resolve();
    const run = previous.then(async () => {
      const lock = await acquireFileLock({
        path: join(directory, `${stem}.lock`),
        timeoutMs: lockTimeoutMs,
        staleMs: staleLockMs,
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
      const text = serializeState(state);
      const stem = encodeSessionFileName(sessionId);
      try {
        await mkdir(directory, { recursive: true });
        await withSessionLock(stem, async (lock) => {
          const stored = await readSession(sessionId, pathOf(stem), 'save');
          const actualRevision = stored?.revision ?? null;
          if (actualRevision !== expectedRevision) {
            throw new StoreConflictError({
              sessionId,
              expectedRevision,
              actualRevision,
            });
          }
          await writeAtomically(stem, text, lock);
        });
      } catch (error) {
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
      try {
        return await withSessionLock(stem, async () => {
          const stored = await readSession(sessionId, pathOf(stem), 'delete');
          if (stored === undefined) return false;
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
  const text = await readTextIfExists(path);
  return text === undefined ? undefined : parseSessionFile(path, text, 'list');
}

/** The file's text, or `undefined` when it does not exist. */
async function readTextIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** Parses a session file's text; a corrupt one fails with `StoreError` naming the file. */
function parseSessionFile(
  path: string,
  text: string,
  operation: Operation,
  sessionId?: string,
): ContextState {
  try {
    return parseState(text);
  } catch (error) {
    throw new StoreError({
      operation,
      sessionId,
      message: `Session file ${path} is corrupt and was left untouched: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
}
