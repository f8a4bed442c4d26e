import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSharedConversations } from './load-shared-conversations';

const sandbox = mkdtempSync(join(tmpdir(), 'acm-load-shared-'));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

describe('loadSharedConversations', () => {
  it('should load the 107 SWE-bench agent runs', () => {
    const conversations = loadSharedConversations({ dataset: 'swe' });
    expect(conversations).toHaveLength(107);
    expect(conversations[0]!.id).toBe('swe/astropy__astropy-12907');
    expect(conversations[0]!.source).toBe(
      'gruckion/mini-swe-agent@d12a71a (MIT)',
    );
    expect(
      new Set(conversations.map((conversation) => conversation.dataset)),
    ).toEqual(new Set(['swe']));
    expect(conversations[0]!.extra.resolved).toBe(true);
    expect(conversations[0]!.messages[0]).toMatchObject({ role: 'system' });
  });

  it('should load the 152 tau-bench airline runs', () => {
    const conversations = loadSharedConversations({ dataset: 'tau' });
    expect(conversations).toHaveLength(152);
    expect(conversations[0]!.id).toBe('tau-airline/task0-trial0');
    expect(conversations[0]!.dataset).toBe('tau');
    expect(Array.isArray(conversations[0]!.extra.expected_actions)).toBe(true);
    expect('messages' in conversations[0]!.extra).toBe(false);
  });

  it('should load both datasets, SWE first, by default', () => {
    const conversations = loadSharedConversations();
    expect(conversations).toHaveLength(259);
    expect(conversations[106]!.dataset).toBe('swe');
    expect(conversations[107]!.dataset).toBe('tau');
    expect(
      new Set(conversations.map((conversation) => conversation.id)).size,
    ).toBe(259);
  });

  it('should return at most limit conversations', () => {
    expect(
      loadSharedConversations({ dataset: 'tau', limit: 3 }).map(({ id }) => id),
    ).toEqual([
      'tau-airline/task0-trial0',
      'tau-airline/task1-trial0',
      'tau-airline/task2-trial0',
    ]);
    expect(loadSharedConversations({ limit: 0 })).toEqual([]);
  });

  it('should parse each file once and share frozen records', () => {
    const first = loadSharedConversations({ dataset: 'tau' });
    const second = loadSharedConversations({ dataset: 'tau' });
    expect(second).not.toBe(first);
    expect(second[5]).toBe(first[5]);
    expect(Object.isFrozen(first[5])).toBe(true);
    expect(Object.isFrozen(first[5]!.messages[1])).toBe(true);
    expect(() => (first[5]!.messages as unknown[]).push({})).toThrow(TypeError);
  });

  it('should read a custom gzip or plain JSON Lines file', () => {
    const records = [
      {
        id: 'a',
        source: 'test',
        messages: [{ role: 'user', content: 'hi' }],
        score: 1,
      },
      { id: 'b', messages: [] },
    ];
    const lines =
      records.map((record) => JSON.stringify(record)).join('\n') + '\n';
    const gzipped = join(sandbox, 'custom.jsonl.gz');
    const plain = join(sandbox, 'custom.jsonl');
    writeFileSync(gzipped, gzipSync(lines));
    writeFileSync(plain, lines);
    const expected = [
      {
        id: 'a',
        source: 'test',
        dataset: 'custom',
        messages: [{ role: 'user', content: 'hi' }],
        extra: { score: 1 },
      },
      { id: 'b', source: '', dataset: 'custom', messages: [], extra: {} },
    ];
    expect(loadSharedConversations({ file: gzipped })).toEqual(expected);
    expect(loadSharedConversations({ file: plain })).toEqual(expected);
  });

  it('should name the file and line of a malformed record', () => {
    const file = join(sandbox, 'broken.jsonl');
    writeFileSync(
      file,
      `${JSON.stringify({ id: 'ok', messages: [] })}\n{"id": 3}\n`,
    );
    expect(() => loadSharedConversations({ file })).toThrow(
      `Shared data line has no string id or no messages array: ${file}:2`,
    );
  });

  it('should name the file it could not read', () => {
    const dataDir = join(sandbox, 'no-data-here');
    expect(() => loadSharedConversations({ dataset: 'swe', dataDir })).toThrow(
      `Shared data file not readable: ${join(dataDir, 'swe-agent-trajectories.jsonl.gz')}`,
    );
  });
});
