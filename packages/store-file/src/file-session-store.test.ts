import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  AcmError,
  InvalidStateError,
  serializeState,
  StoreConflictError,
  StoreError,
} from '@acm/core';
import type { Message, SessionStore } from '@acm/core';
import {
  captureError,
  describeMemoryOnStore,
  describeSessionStore,
} from '@acm/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  appendWithRetry,
  createBaseState,
} from './__fixtures__/append-with-retry';
import { LockTimeoutError } from './acquire-file-lock';
import { encodeSessionFileName } from './encode-session-file-name';
import { createFileSessionStore } from './file-session-store';

const execFileAsync = promisify(execFile);

const directories: string[] = [];

async function createTemporaryDirectory(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'acm-store-file-'));
  directories.push(directory);
  return directory;
}

afterEach(async () => {
  await Promise.all(
    directories
      .splice(0)
      .map((directory) => rm(directory, { recursive: true, force: true })),
  );
});

/** The directory of each store `createStore` made. */
const directoryOf = new WeakMap<SessionStore, string>();

/** A store in a fresh temporary directory. */
async function createStore(): Promise<SessionStore> {
  const directory = await createTemporaryDirectory();
  const store = createFileSessionStore({ directory });
  directoryOf.set(store, directory);
  return store;
}

describeSessionStore({
  name: 'file',
  create: createStore,
  corruptRecord: async (store, sessionId, kind) => {
    const path = join(
      directoryOf.get(store)!,
      `${encodeSessionFileName(sessionId)}.json`,
    );
    await writeFile(
      path,
      kind === 'corrupt'
        ? '{"format":"acm.context-state","schemaVersion":1,"revision":'
        : JSON.stringify({
            format: 'acm.context-state',
            schemaVersion: 999,
            sessionId,
            revision: 1,
          }),
    );
  },
  logAccess: {
    reopen: (store) => {
      const reopened = createFileSessionStore({
        directory: directoryOf.get(store)!,
      });
      directoryOf.set(reopened, directoryOf.get(store)!);
      return reopened;
    },
    // In place, with the file's times put back: damage that leaves size and mtime alone is caught too.
    rewriteLog: async (store, sessionId, rewrite) => {
      const path = sessionPath(store, sessionId);
      const { mtimeNs } = await stat(path, { bigint: true });
      const text = await readFile(path, 'utf8');
      const records = rewrite(
        text
          .split('\n')
          .slice(0, -1)
          .map((line, index) => ({ revision: index, text: line })),
      );
      await writeFile(
        path,
        records.map((record) => `${record.text}\n`).join(''),
      );
      // utimes takes a double: `touch` puts the mtime back to the nanosecond.
      const nanoseconds = String(mtimeNs % 1_000_000_000n).padStart(9, '0');
      await execFileAsync('touch', [
        '-m',
        '-d',
        `@${mtimeNs / 1_000_000_000n}.${nanoseconds}`,
        path,
      ]);
      return true;
    },
    snapshot: async (store, sessionId) =>
      readFile(sessionPath(store, sessionId), 'utf8'),
  },
});

const sessionPath = (store: SessionStore, sessionId: string) =>
  join(directoryOf.get(store)!, `${encodeSessionFileName(sessionId)}.json`);

describeMemoryOnStore({ name: 'file', create: createStore });

describe('createFileSessionStore', () => {
  let root: string;
  let directory: string;

  beforeEach(async () => {
    root = await createTemporaryDirectory();
    directory = join(root, 'sessions');
  });

  it('should create the directory on the first save', async () => {
    const nested = join(root, 'a', 'b', 'sessions');
    const store = createFileSessionStore({ directory: nested });

    expect(await store.list()).toStrictEqual([]);
    await store.save('s', createBaseState('s'), { expectedRevision: null });

    expect(await readdir(nested)).toStrictEqual(['s.json']);
  });

  it('should keep every session file inside the directory under an encoded name', async () => {
    const store = createFileSessionStore({ directory });
    const ids = ['../x', 'a/b', '..', 'A', 'x'.repeat(200)];

    for (const id of ids) {
      await store.save(id, createBaseState(id), { expectedRevision: null });
    }

    expect(await readdir(root)).toStrictEqual(['sessions']);
    expect((await readdir(directory)).sort()).toStrictEqual(
      [
        '%2E%2E%2Fx.json',
        'a%2Fb.json',
        '%2E%2E.json',
        '%41.json',
        `${encodeSessionFileName('x'.repeat(200))}.json`,
      ].sort(),
    );
    expect(await store.list()).toStrictEqual([...ids].sort());
  });

  it('should write a full record, then append one line per save with only what changed', async () => {
    const store = createFileSessionStore({ directory });
    const state = createBaseState('s');
    const added: Message = {
      id: 'added',
      role: 'user',
      content: [{ type: 'text', text: 'and now?' }],
    };
    const next = {
      ...state,
      working: [...state.working, added],
      original: [...state.original, added],
      revision: state.revision + 1,
    };

    await store.save('s', state, { expectedRevision: null });
    const first = await readFile(join(directory, 's.json'), 'utf8');
    await store.save('s', next, { expectedRevision: state.revision });
    const text = await readFile(join(directory, 's.json'), 'utf8');

    expect(text.startsWith(first)).toBe(true);
    expect(JSON.parse(first)).toMatchObject({
      format: 'acm.session-log',
      schemaVersion: 2,
      sessionId: 's',
      revision: state.revision,
      full: true,
      original: state.original,
    });
    expect(text.slice(first.length)).toBe(
      `${JSON.stringify({
        revision: next.revision,
        original: [added],
        working: [state.original.length],
      })}\n`,
    );
    expect(await createFileSessionStore({ directory }).load('s')).toStrictEqual(
      next,
    );
  });

  it('should read a file written before session logs and migrate it on the next save', async () => {
    await mkdir(directory, { recursive: true });
    const state = createBaseState('s');
    const path = join(directory, 's.json');
    await writeFile(path, serializeState(state));
    const store = createFileSessionStore({ directory });

    const loaded = await store.load('s');
    expect(loaded).toStrictEqual(state);
    const next = { ...loaded!, revision: state.revision + 1 };
    await store.save('s', next, { expectedRevision: state.revision });

    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({
      format: 'acm.session-log',
      full: true,
    });
    expect(await createFileSessionStore({ directory }).load('s')).toStrictEqual(
      next,
    );
  });

  it('should leave out a record torn by a crash mid-append and rewrite the file on the next save', async () => {
    const store = createFileSessionStore({ directory });
    const state = createBaseState('s');
    await store.save('s', state, { expectedRevision: null });
    const path = join(directory, 's.json');
    await writeFile(path, '{"revision":9,"torn-record', { flag: 'a' });
    const other = createFileSessionStore({ directory });

    expect(await other.load('s')).toStrictEqual(state);
    const next = { ...state, revision: state.revision + 1 };
    await other.save('s', next, { expectedRevision: state.revision });

    const text = await readFile(path, 'utf8');
    expect(text.split('\n')).toHaveLength(2);
    expect(text).not.toContain('torn-record');
    expect(await store.load('s')).toStrictEqual(next);
  });

  it('should read the file again when another process appended to it', async () => {
    const directoryStore = () => createFileSessionStore({ directory });
    const [first, second] = [directoryStore(), directoryStore()];
    const state = createBaseState('s');
    await first.save('s', state, { expectedRevision: null });
    await second.save(
      's',
      { ...(await second.load('s'))!, revision: state.revision + 1 },
      { expectedRevision: state.revision },
    );

    const error = await captureError(() =>
      Promise.resolve(
        first.save(
          's',
          { ...state, revision: state.revision + 1 },
          {
            expectedRevision: state.revision,
          },
        ),
      ),
    );

    expect(StoreConflictError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ actualRevision: state.revision + 1 });
  });

  it('should fail on a corrupt file with a StoreError naming it and leave it untouched', async () => {
    await mkdir(directory, { recursive: true });
    const path = join(directory, 's.json');
    const corrupt =
      '{"format":"acm.context-state","schemaVersion":1,"sessionId":"s","revision":';
    await writeFile(path, corrupt);
    const store = createFileSessionStore({ directory });

    const loadError = await captureError(() =>
      Promise.resolve(store.load('s')),
    );
    const saveError = await captureError(() =>
      Promise.resolve(
        store.save('s', createBaseState('s'), { expectedRevision: null }),
      ),
    );
    const deleteError = await captureError(() =>
      Promise.resolve(store.delete('s')),
    );

    for (const [error, operation] of [
      [loadError, 'load'],
      [saveError, 'save'],
      [deleteError, 'delete'],
    ] as const) {
      expect(StoreError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        code: 'STORE_FAILURE',
        operation,
        sessionId: 's',
      });
      expect((error as StoreError).message).toContain(path);
      expect(InvalidStateError.isInstance((error as StoreError).cause)).toBe(
        true,
      );
    }
    expect(await readFile(path, 'utf8')).toBe(corrupt);
    expect(await readdir(directory)).toStrictEqual(['s.json']);
  });

  it('should refuse a file that holds another session', async () => {
    const store = createFileSessionStore({ directory });
    await store.save('a', createBaseState('a'), { expectedRevision: null });
    await writeFile(
      join(directory, 'b.json'),
      await readFile(join(directory, 'a.json')),
    );

    const error = await captureError(() => Promise.resolve(store.load('b')));

    expect(StoreError.isInstance(error)).toBe(true);
    expect((error as StoreError).message).toContain('holds session "a"');
  });

  it('should leave no temporary or lock files behind', async () => {
    const store = createFileSessionStore({ directory });
    await store.save('s', createBaseState('s'), { expectedRevision: null });
    const base = createBaseState('s');

    const results = await Promise.allSettled(
      Array.from({ length: 10 }, async () =>
        store.save('s', { ...base, revision: 2 }, { expectedRevision: 1 }),
      ),
    );
    await captureError(() =>
      Promise.resolve(
        store.save('s', { ...base, revision: 9 }, { expectedRevision: 7 }),
      ),
    );
    await store.save('t', createBaseState('t'), { expectedRevision: null });
    await store.delete('t');

    expect(results.filter(({ status }) => status === 'fulfilled')).toHaveLength(
      1,
    );
    expect(await readdir(directory)).toStrictEqual(['s.json']);
  });

  it('should hold compare-and-set between two stores on one directory', async () => {
    const first = createFileSessionStore({ directory });
    const second = createFileSessionStore({ directory });
    await first.save('s', createBaseState('s'), { expectedRevision: null });
    const base = createBaseState('s');

    const results = await Promise.allSettled(
      Array.from({ length: 20 }, async (_, index) =>
        (index % 2 === 0 ? first : second).save(
          's',
          { ...base, revision: 2 + index },
          { expectedRevision: 1 },
        ),
      ),
    );

    const winners = results.flatMap((result, index) =>
      result.status === 'fulfilled' ? [index] : [],
    );
    const reasons = results.flatMap((result) =>
      result.status === 'rejected' ? [result.reason as unknown] : [],
    );
    expect(winners).toHaveLength(1);
    expect(
      reasons.map((reason) => StoreConflictError.isInstance(reason)),
    ).toStrictEqual(Array.from({ length: 19 }, () => true));
    expect((await second.load('s'))?.revision).toBe(2 + winners[0]!);
  });

  it('should break a lock abandoned longer than staleLockMs', async () => {
    await mkdir(directory, { recursive: true });
    const lockPath = join(directory, 's.lock');
    await writeFile(lockPath, 'another-host\n123\nabandoned');
    const past = new Date(Date.now() - 60_000);
    await utimes(lockPath, past, past);
    const store = createFileSessionStore({ directory, staleLockMs: 30_000 });

    await store.save('s', createBaseState('s'), { expectedRevision: null });

    expect(await readdir(directory)).toStrictEqual(['s.json']);
  });

  it('should break a fresh lock whose holder on this host is gone', async () => {
    const child = spawn(process.execPath, ['-e', '']);
    const [exitCode] = await once(child, 'exit');
    expect(exitCode).toBe(0);
    await mkdir(directory, { recursive: true });
    await writeFile(
      join(directory, 's.lock'),
      `${hostname()}\n${child.pid}\ncrashed`,
    );
    const store = createFileSessionStore({ directory });

    await store.save('s', createBaseState('s'), { expectedRevision: null });

    expect(await readdir(directory)).toStrictEqual(['s.json']);
  });

  it('should break an empty lock file after a second instead of staleLockMs', async () => {
    await mkdir(directory, { recursive: true });
    const lockPath = join(directory, 's.lock');
    await writeFile(lockPath, '');
    const past = new Date(Date.now() - 2000);
    await utimes(lockPath, past, past);
    const store = createFileSessionStore({
      directory,
      staleLockMs: 60_000,
      lockTimeoutMs: 500,
    });

    await store.save('s', createBaseState('s'), { expectedRevision: null });

    expect(await readdir(directory)).toStrictEqual(['s.json']);
  });

  it('should recover at once from a writer killed with SIGKILL mid-save, removing its temporary file', async () => {
    await mkdir(directory, { recursive: true });
    // A writer that took the lock, wrote half a temporary file and hangs: the
    // state a process killed between `open` and `rename` leaves behind.
    const writer = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('node:fs');
         const os = require('node:os');
         const dir = process.argv[1];
         fs.writeFileSync(dir + '/s.lock.x.pending', os.hostname() + '\\n' + process.pid + '\\nw');
         fs.linkSync(dir + '/s.lock.x.pending', dir + '/s.lock');
         fs.writeFileSync(dir + '/.s.dead-writer.tmp', '{"revision":');
         process.stdout.write('ready');
         setInterval(() => {}, 1000);`,
        directory,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await once(writer.stdout, 'data');
    writer.kill('SIGKILL');
    await once(writer, 'exit');
    const past = new Date(Date.now() - 2000);
    await utimes(join(directory, 's.lock.x.pending'), past, past);
    const store = createFileSessionStore({
      directory,
      staleLockMs: 60_000,
      lockTimeoutMs: 1000,
    });

    await store.save('s', createBaseState('s'), { expectedRevision: null });

    expect(await readdir(directory)).toStrictEqual(['s.json']);
    expect((await store.load('s'))?.revision).toBe(1);
  });

  it('should fail with StoreError while a live writer holds the lock, and write nothing', async () => {
    await mkdir(directory, { recursive: true });
    const lockPath = join(directory, 's.lock');
    const token = `${hostname()}\n${process.pid}\nheld`;
    await writeFile(lockPath, token);
    const store = createFileSessionStore({ directory, lockTimeoutMs: 50 });

    const error = await captureError(() =>
      Promise.resolve(
        store.save('s', createBaseState('s'), { expectedRevision: null }),
      ),
    );

    expect(StoreError.isInstance(error)).toBe(true);
    expect(LockTimeoutError.isInstance(error)).toBe(true);
    expect(AcmError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'LockTimeoutError',
      code: 'STORE_FAILURE',
      operation: 'save',
      sessionId: 's',
      path: lockPath,
      timeoutMs: 50,
      message: `Timed out after 50 ms waiting for lock ${lockPath}`,
    });
    expect(await readFile(lockPath, 'utf8')).toBe(token);
    expect(await readdir(directory)).toStrictEqual(['s.lock']);
  });

  it('should reject invalid options with InvalidConfigError', () => {
    expect(() => createFileSessionStore({ directory: '' })).toThrow(
      expect.objectContaining({
        code: 'INVALID_CONFIG',
        parameter: 'directory',
      }),
    );
    expect(() =>
      createFileSessionStore({ directory, lockTimeoutMs: 0 }),
    ).toThrow(
      expect.objectContaining({
        code: 'INVALID_CONFIG',
        parameter: 'lockTimeoutMs',
      }),
    );
  });

  it('should lose no update when two processes write the same session', async () => {
    const store = createFileSessionStore({ directory });
    await store.save('shared', createBaseState('shared'), {
      expectedRevision: null,
    });
    const updatesPerWriter = 60;
    const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
    const child = spawn(
      process.execPath,
      [
        '--conditions=@acm/source',
        '--import',
        'tsx',
        fileURLToPath(new URL('./__fixtures__/cas-writer.ts', import.meta.url)),
        directory,
        'shared',
        'child',
        String(updatesPerWriter),
      ],
      { cwd: repositoryRoot, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout
      .setEncoding('utf8')
      .on('data', (chunk: string) => (stdout += chunk));
    child.stderr
      .setEncoding('utf8')
      .on('data', (chunk: string) => (stderr += chunk));
    const exited = once(child, 'exit');
    while (!stdout.includes('ready\n')) {
      await Promise.race([once(child.stdout, 'data'), exited]);
      if (child.exitCode !== null) break;
    }

    child.stdin.write('go\n');
    const parentConflicts = await appendWithRetry({
      store,
      sessionId: 'shared',
      writer: 'parent',
      count: updatesPerWriter,
    });
    const [exitCode] = await exited;

    expect(stderr).toBe('');
    expect(exitCode).toBe(0);
    const childResult = JSON.parse(stdout.split('\n')[1]!) as {
      conflicts: number;
    };
    const final = await store.load('shared');
    const ids = final?.working.map(({ id }) => id) ?? [];
    const sequence = (writer: string) =>
      Array.from(
        { length: updatesPerWriter },
        (_, index) => `${writer}-${index}`,
      );
    expect(final?.revision).toBe(1 + 2 * updatesPerWriter);
    expect(ids.filter((id) => id.startsWith('parent-'))).toStrictEqual(
      sequence('parent'),
    );
    expect(ids.filter((id) => id.startsWith('child-'))).toStrictEqual(
      sequence('child'),
    );
    expect(ids).toHaveLength(1 + 2 * updatesPerWriter);
    expect(await readdir(directory)).toStrictEqual(['shared.json']);
    // How often the writers collided depends on timing, so it is reported, not asserted.
    expect(Number.isSafeInteger(childResult.conflicts + parentConflicts)).toBe(
      true,
    );
  });
});
