import { randomUUID } from 'node:crypto';
import { link, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** A held lock: check it is still ours, and release it. */
export interface FileLock {
  /** Whether the lock file still holds this lock's token (nobody broke it as stale). */
  isHeld(): Promise<boolean>;
  /** Removes the lock file if it is still ours. Never throws. */
  release(): Promise<void>;
}

export interface AcquireFileLockOptions {
  /** Path of the lock file, created with `O_EXCL` (`'wx'`). */
  path: string;
  /** How long to wait for another holder before giving up. */
  timeoutMs: number;
  /** A lock file older than this is treated as abandoned and removed. */
  staleMs: number;
}

/** Thrown when the lock could not be taken within `timeoutMs`. */
export class LockTimeoutError extends Error {
  constructor(
    readonly path: string,
    readonly timeoutMs: number,
  ) {
    super(`Timed out after ${timeoutMs} ms waiting for lock ${path}`);
    this.name = 'LockTimeoutError';
  }
}

const host = hostname();

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
 * by a process of this host that is gone. Returns whether it is gone now.
 *
 * The lock is first renamed to a private name and its token compared with the
 * one judged stale, so a fresh lock taken in between is put back, not deleted.
 */
async function removeIfStale(
  path: string,
  staleMs: number,
  ownToken: string,
): Promise<boolean> {
  let token: string | undefined;
  let modifiedAt: number;
  try {
    token = await readToken(path);
    modifiedAt = (await stat(path)).mtimeMs;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return true;
    throw error;
  }
  if (token === undefined) return true;
  const abandoned =
    Date.now() - modifiedAt > staleMs ||
    (token !== '' && isDeadLocalHolder(token));
  if (!abandoned) return false;
  const quarantine = `${path}.${randomUUID()}.stale`;
  try {
    await rename(path, quarantine);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return true;
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
  return true;
}

/**
 * Takes an exclusive lock that holds across processes: a lock file created
 * with `'wx'` (fails if it exists) holding this host, pid and a random token.
 * Waits with a growing delay while another holder has it, breaks abandoned
 * locks (see `staleMs`), and rejects with {@link LockTimeoutError} after
 * `timeoutMs`. The directory must exist.
 */
export async function acquireFileLock({
  path,
  timeoutMs,
  staleMs,
}: AcquireFileLockOptions): Promise<FileLock> {
  const token = `${host}\n${process.pid}\n${randomUUID()}`;
  const deadline = Date.now() + timeoutMs;
  let delayMs = 1;
  for (;;) {
    try {
      const handle = await open(path, 'wx');
      try {
        await handle.writeFile(token, 'utf8');
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    if (await removeIfStale(path, staleMs, token)) continue;
    if (Date.now() >= deadline) throw new LockTimeoutError(path, timeoutMs);
    await sleep(delayMs + Math.floor(Math.random() * delayMs));
    delayMs = Math.min(delayMs * 2, 50);
  }
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
