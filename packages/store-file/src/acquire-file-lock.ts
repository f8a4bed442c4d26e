import { randomUUID } from 'node:crypto';
import { link, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { AcmError, StoreError } from '@acm/core';

/** A held lock: check it is still ours, and release it. */
export interface FileLock {
  /** Whether the lock file still holds this lock's token (nobody broke it as stale). */
  isHeld(): Promise<boolean>;
  /** Removes the lock file if it is still ours. Never throws. */
  release(): Promise<void>;
}

export interface AcquireFileLockOptions {
  /** Path of the lock file, created exclusively (`link` fails when it exists). */
  path: string;
  /** How long to wait for another holder before giving up. */
  timeoutMs: number;
  /** A lock file older than this is treated as abandoned and removed. */
  staleMs: number;
  /**
   * Called after an abandoned lock was broken, before this lock is taken:
   * the place to remove what the dead holder left behind (its temporary
   * files). Failures are ignored.
   */
  onAbandoned?: () => Promise<void>;
  /** The store operation the lock is taken for, named by a {@link LockTimeoutError}. */
  operation: StoreError['operation'];
  /** The session the lock guards, named by a {@link LockTimeoutError}. */
  sessionId?: string;
}

const name = 'LockTimeoutError';
const marker = `acm.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * Thrown when the lock could not be taken within `timeoutMs`: a
 * {@link StoreError} (code `STORE_FAILURE`) of the operation that waited.
 */
export class LockTimeoutError extends StoreError {
  private readonly [symbol] = true;

  readonly path: string;
  readonly timeoutMs: number;

  constructor({
    path,
    timeoutMs,
    operation,
    sessionId,
  }: {
    path: string;
    timeoutMs: number;
    operation: StoreError['operation'];
    sessionId?: string;
  }) {
    super({
      operation,
      sessionId,
      message: `Timed out after ${timeoutMs} ms waiting for lock ${path}`,
    });
    this.name = name;
    this.path = path;
    this.timeoutMs = timeoutMs;
  }

  static override isInstance(error: unknown): error is LockTimeoutError {
    return AcmError.hasMarker(error, marker);
  }
}

const host = hostname();

/** How long an empty lock file (see `removeIfStale`) is given before it is broken. */
const emptyLockGraceMs = 1000;

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error
    ? String(error.code)
    : undefined;
}

async function readToken(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** Whether the holder named in `token` is a process of this host that no longer runs. */
function isDeadLocalHolder(token: string): boolean {
  const [tokenHost, pidText] = token.split('\n');
  const pid = Number(pidText);
  if (tokenHost !== host || !Number.isSafeInteger(pid) || pid <= 0)
    return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return errorCode(error) === 'ESRCH';
  }
}

/**
 * Removes the lock at `path` if it is abandoned: older than `staleMs`, or held
 * by a process of this host that is gone. Returns `'broken'` when it removed
 * an abandoned lock, `'gone'` when there was none, `'held'` when it is live.
 *
 * The lock is first renamed to a private name and its token compared with the
 * one judged stale, so a fresh lock taken in between is put back, not deleted.
 */
async function removeIfStale(
  path: string,
  staleMs: number,
  ownToken: string,
): Promise<'gone' | 'broken' | 'held'> {
  let token: string | undefined;
  let modifiedAt: number;
  try {
    token = await readToken(path);
    modifiedAt = (await stat(path)).mtimeMs;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 'gone';
    throw error;
  }
  if (token === undefined) return 'gone';
  // Locks are created whole (see `createLockFile`), so an empty one was left by
  // a writer of an older version killed between creating and writing it.
  const abandoned =
    Date.now() - modifiedAt > (token === '' ? emptyLockGraceMs : staleMs) ||
    (token !== '' && isDeadLocalHolder(token));
  if (!abandoned) return 'held';
  const quarantine = `${path}.${randomUUID()}.stale`;
  try {
    await rename(path, quarantine);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 'gone';
    throw error;
  }
  const quarantined = await readToken(quarantine);
  if (quarantined !== token && quarantined !== ownToken) {
    // A live holder replaced the stale lock between our read and the rename: put it back.
    try {
      await link(quarantine, path);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
  }
  await unlink(quarantine).catch(() => undefined);
  return 'broken';
}

/**
 * Creates the lock file with its token in one step: the token is written to a
 * private file that is then hard-linked to `path` (`link` fails when `path`
 * exists). A holder killed at any point leaves either no lock or a whole one,
 * never an empty lock that others must wait out. Returns whether it got it.
 */
async function createLockFile(path: string, token: string): Promise<boolean> {
  const pending = `${path}.${randomUUID()}.pending`;
  const handle = await open(pending, 'wx');
  try {
    await handle.writeFile(token, 'utf8');
  } finally {
    await handle.close();
  }
  try {
    await link(pending, path);
    return true;
  } catch (error) {
    // ENOENT: a sweep of a dead holder's leftovers took our pending file; retry.
    if (errorCode(error) === 'EEXIST' || errorCode(error) === 'ENOENT')
      return false;
    throw error;
  } finally {
    await unlink(pending).catch(() => undefined);
  }
}

/**
 * Takes an exclusive lock that holds across processes: a lock file created
 * whole (`createLockFile`) holding this host, pid and a random token.
 * Waits with a growing delay while another holder has it, breaks abandoned
 * locks (see `staleMs`), and rejects with {@link LockTimeoutError} after
 * `timeoutMs`. The directory must exist.
 */
export async function acquireFileLock({
  path,
  timeoutMs,
  staleMs,
  onAbandoned,
  operation,
  sessionId,
}: AcquireFileLockOptions): Promise<FileLock> {
  const token = `${host}\n${process.pid}\n${randomUUID()}`;
  const deadline = Date.now() + timeoutMs;
  let delayMs = 1;
  let brokeAbandoned = false;
  for (;;) {
    if (await createLockFile(path, token)) break;
    const previous = await removeIfStale(path, staleMs, token);
    if (previous === 'broken') brokeAbandoned = true;
    if (previous !== 'held') continue;
    if (Date.now() >= deadline) {
      throw new LockTimeoutError({ path, timeoutMs, operation, sessionId });
    }
    await sleep(delayMs + Math.floor(Math.random() * delayMs));
    delayMs = Math.min(delayMs * 2, 50);
  }
  if (brokeAbandoned) await onAbandoned?.().catch(() => undefined);
  return {
    async isHeld() {
      return (await readToken(path)) === token;
    },
    async release() {
      try {
        if ((await readToken(path)) === token) await unlink(path);
      } catch {
        // Releasing is best effort: a leftover lock is broken as stale later.
      }
    },
  };
}
