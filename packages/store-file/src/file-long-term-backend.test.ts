import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  appendFile,
  mkdir,
  mkdtemp,
  readFile,
  rm,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
      `${good}{"format":"acm.long-term-journal","version":3,"op":"add","records":[]}\n`,
    );
    const newer = await captureError(() => createFileLongTermBackend({ path }));

    expect(StoreError.isInstance(notJson)).toBe(true);
    expect((notJson as StoreError).message).toContain(
      'corrupt at line 1: not JSON',
    );
    expect(StoreError.isInstance(newer)).toBe(true);
    expect((newer as StoreError).message).toContain('corrupt at line 2');
  });

  it('should refuse a line holding a record add would refuse with StoreError naming the file and line, and change nothing', async () => {
    const path = await temporaryPath();
    const backend = await createFileLongTermBackend({ path });
    await backend.add([
      {
        id: 'r1',
        owner: { userId: 'u' },
        text: 'fact',
        createdAt: 1,
        source: 'agent',
      },
    ]);
    const good = await readFile(path, 'utf8');
    const line = (fields: Record<string, unknown>) =>
      `${JSON.stringify({ format: 'acm.long-term-journal', version: 2, ...fields })}\n`;
    const record = {
      id: 'r2',
      owner: { userId: 'u' },
      text: 'more',
      createdAt: 2,
      source: 'agent',
    };
    const cases: [string, string][] = [
      [
        'a blank text',
        line({ op: 'add', records: [{ ...record, text: ' ' }] }),
      ],
      ['records that are no array', line({ op: 'add', records: 'r2' })],
      ['an owner without ids', line({ op: 'delete-owner', owner: {} })],
      [
        'messages of another owner',
        line({
          op: 'add',
          records: [record],
          messages: { owner: { userId: 'v' }, messageIds: ['m1'] },
        }),
      ],
      [
        'a blank message id',
        line({
          op: 'add',
          records: [],
          messages: { owner: { userId: 'u' }, messageIds: [''] },
        }),
      ],
      ['a line that is not an object', 'null\n'],
    ];
    for (const [label, bad] of cases) {
      // A valid last line cut short after the bad one: not truncated either.
      const text = `${good}${bad}{"format":"acm.long-term-journal","ver`;
      await writeFile(path, text);

      const error = await captureError(() =>
        createFileLongTermBackend({ path }),
      );

      expect({ label, store: StoreError.isInstance(error) }).toStrictEqual({
        label,
        store: true,
      });
      expect((error as StoreError).message).toContain(
        `The long-term memory file ${path} is corrupt at line 2:`,
      );
      expect(await readFile(path, 'utf8')).toBe(text);
    }
  });

  it('should open a journal of version 1 and keep appending to it', async () => {
    const path = await temporaryPath();
    await mkdir(dirname(path), { recursive: true });
    await writeFile(
      path,
      `${JSON.stringify({
        format: 'acm.long-term-journal',
        version: 1,
        op: 'add',
        records: [
          {
            id: 'r1',
            owner: { userId: 'u' },
            text: 'old fact',
            createdAt: 1,
            source: 'agent',
          },
        ],
      })}\n`,
    );

    const backend = await createFileLongTermBackend({ path });
    await createLongTermMemory({
      backend,
      owner: { userId: 'u' },
      mode: 'static',
    }).record([
      { id: 'm1', role: 'user', content: [{ type: 'text', text: 'new fact' }] },
    ]);
    const reopened = await createFileLongTermBackend({ path });

    expect(reopened.records().map((r) => r.text)).toStrictEqual([
      'old fact',
      'new fact',
    ]);
    expect(
      await reopened.findRecordedMessages({
        owner: { userId: 'u' },
        messageIds: ['m1', 'm2'],
      }),
    ).toStrictEqual(['m1']);
  });

  it('should record a resumed conversation once after a restart', async () => {
    const path = await temporaryPath();
    const open = async () =>
      createLongTermMemory({
        backend: await createFileLongTermBackend({ path }),
        owner: { userId: 'mia' },
        mode: 'static',
        sessionId: 'thread-1',
      });
    const message = (id: string, role: 'user' | 'assistant', text: string) => ({
      id,
      role,
      content: [{ type: 'text' as const, text }],
    });
    const conversation = [
      message('u1', 'user', 'my seat is 14C'),
      message('a1', 'assistant', 'noted, 14C'),
      message('u2', 'user', 'and a vegan meal'),
    ];
    await (await open()).record(conversation);

    await (
      await open()
    ).record([
      ...conversation,
      message('a2', 'assistant', 'vegan meal noted'),
      message('u3', 'user', 'thanks'),
    ]);
    const backend = await createFileLongTermBackend({ path });

    expect(backend.records().map((r) => r.metadata?.messageId)).toStrictEqual([
      'u1',
      'a1',
      'u2',
      'a2',
      'u3',
    ]);
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
