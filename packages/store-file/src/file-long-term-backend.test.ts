import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StoreError } from '@acm/core';
import { createLongTermMemory } from '@acm/core/long-term';
import type { LongTermMemoryBackend } from '@acm/core/long-term';
import { captureError, runLongTermBackendConformance } from '@acm/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileLongTermBackend } from './file-long-term-backend';

const directories: string[] = [];
const pathOf = new WeakMap<LongTermMemoryBackend, string>();

async function temporaryPath(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'acm-long-term-'));
  directories.push(directory);
  return join(directory, 'nested', 'memory.jsonl');
}

afterEach(async () => {
  await Promise.all(
    directories
      .splice(0)
      .map((directory) => rm(directory, { recursive: true, force: true })),
  );
});

runLongTermBackendConformance({
  name: 'file',
  create: async () => {
    const path = await temporaryPath();
    const backend = await createFileLongTermBackend({ path });
    pathOf.set(backend, path);
    return backend;
  },
  reopen: async (backend) => {
    const path = pathOf.get(backend)!;
    const reopened = await createFileLongTermBackend({ path });
    pathOf.set(reopened, path);
    return reopened;
  },
  rankByEmbedding: true,
});

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

describe('createFileLongTermBackend', () => {
  it('should keep records written by another process, per owner', async () => {
    const path = await temporaryPath();
    const child = spawn(
      process.execPath,
      [
        '--conditions=@acm/source',
        '--import',
        'tsx',
        fileURLToPath(
          new URL('./__fixtures__/long-term-writer.ts', import.meta.url),
        ),
        path,
      ],
      { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout
      .setEncoding('utf8')
      .on('data', (chunk: string) => (output += chunk));
    child.stderr
      .setEncoding('utf8')
      .on('data', (chunk: string) => (output += chunk));
    const [exitCode] = (await once(child, 'exit')) as [number];
    expect({ exitCode, output }).toStrictEqual({
      exitCode: 0,
      output: 'written\n',
    });

    const backend = await createFileLongTermBackend({ path });
    const alice = createLongTermMemory({
      backend,
      owner: { userId: 'alice' },
      mode: 'static',
    });
    const carol = createLongTermMemory({
      backend,
      owner: { userId: 'carol' },
      mode: 'static',
    });

    expect(await alice.retrieve('Boston reservation')).toBe(
      '- Alice booked reservation XK42QZ to Boston',
    );
    expect(await carol.retrieve('Boston reservation')).toBe('');
    expect(
      (
        await backend.search({
          owner: { userId: 'alice' },
          query: 'BB77QQ',
          limit: 5,
        })
      ).length,
    ).toBe(0);
  }, 30_000);

  it('should drop a last line cut short by a crash, and keep appending after it', async () => {
    const path = await temporaryPath();
    const first = await createFileLongTermBackend({ path });
    await first.add([
      {
        id: 'r1',
        owner: { userId: 'u' },
        text: 'kept fact',
        createdAt: 1,
        source: 'agent',
      },
    ]);
    await appendFile(
      path,
      '{"format":"acm.long-term-journal","version":1,"op":"add","rec',
    );

    const second = await createFileLongTermBackend({ path });
    await second.add([
      {
        id: 'r2',
        owner: { userId: 'u' },
        text: 'later fact',
        createdAt: 2,
        source: 'agent',
      },
    ]);
    const third = await createFileLongTermBackend({ path });

    expect(third.records().map((r) => r.id)).toStrictEqual(['r1', 'r2']);
    expect((await readFile(path, 'utf8')).split('\n')).toHaveLength(3);
  });

  it('should refuse a corrupt line or a newer format with StoreError', async () => {
    const path = await temporaryPath();
    await createFileLongTermBackend({ path });
    await (
      await createFileLongTermBackend({ path })
    ).add([
      {
        id: 'r1',
        owner: { userId: 'u' },
        text: 'fact',
        createdAt: 1,
        source: 'agent',
      },
    ]);
    const good = await readFile(path, 'utf8');

    await writeFile(path, `not json\n${good}`);
    const notJson = await captureError(() =>
      createFileLongTermBackend({ path }),
    );
    await writeFile(
      path,
      `${good}{"format":"acm.long-term-journal","version":2,"op":"add","records":[]}\n`,
    );
    const newer = await captureError(() => createFileLongTermBackend({ path }));

    expect(StoreError.isInstance(notJson)).toBe(true);
    expect((notJson as StoreError).message).toContain(
      'corrupt at line 1: not JSON',
    );
    expect(StoreError.isInstance(newer)).toBe(true);
    expect((newer as StoreError).message).toContain('corrupt at line 2');
  });

  it('should fail an add with StoreError and keep nothing when the file cannot be written', async () => {
    const path = await temporaryPath();
    const backend = await createFileLongTermBackend({ path });
    await rm(join(path, '..'), { recursive: true, force: true });
    await writeFile(join(path, '..'), 'a file where the directory was');

    const error = await captureError(() =>
      backend.add([
        {
          id: 'r1',
          owner: { userId: 'u' },
          text: 'lost?',
          createdAt: 1,
          source: 'agent',
        },
      ]),
    );

    expect(StoreError.isInstance(error)).toBe(true);
    expect(backend.records()).toStrictEqual([]);
  });
});
