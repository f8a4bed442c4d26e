import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConversations, readConversations } from './read-conversations';

const messages = [{ role: 'user', content: 'hi' }];

describe('parseConversations', () => {
  it('should read JSON Lines, a JSON array and a single object', () => {
    expect(
      parseConversations(
        `${JSON.stringify({ id: 'a', messages })}\n\n${JSON.stringify({ id: 'b', messages })}\n`,
        'x.jsonl',
      ).map((conversation) => conversation.id),
    ).toEqual(['a', 'b']);
    expect(
      parseConversations(
        JSON.stringify([{ messages }, { messages }]),
        'x.json',
      ).map((conversation) => conversation.id),
    ).toEqual(['conversation-1', 'conversation-2']);
    expect(parseConversations(JSON.stringify({ messages }), 'x.json')).toEqual([
      { id: 'conversation-1', messages },
    ]);
  });

  it('should name the file and line of a record without messages', () => {
    expect(() =>
      parseConversations(
        `${JSON.stringify({ id: 'a', messages })}\n${JSON.stringify({ id: 'b' })}\n`,
        'x.jsonl',
      ),
    ).toThrow(
      'x.jsonl:2: "messages" must be an array of OpenAI chat messages, found nothing.',
    );
  });
});

describe('readConversations', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'acm-read-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('should read a gzip-compressed JSON Lines file', async () => {
    const path = join(directory, 'data.jsonl.gz');
    await writeFile(
      path,
      gzipSync(`${JSON.stringify({ id: 'z', messages })}\n`),
    );

    expect(await readConversations(path)).toEqual([{ id: 'z', messages }]);
  });

  it('should keep the ground-truth expected_actions of a record', async () => {
    const path = join(directory, 'tau.jsonl');
    const expectedActions = [
      { name: 'cancel_reservation', kwargs: { reservation_id: 'ZFA04Y' } },
    ];
    await writeFile(
      path,
      `${JSON.stringify({ id: 't', messages, expected_actions: expectedActions, reward: 1 })}\n`,
    );

    expect(await readConversations(path)).toEqual([
      { id: 't', messages, expectedActions },
    ]);
  });

  it('should reject a file that is not JSON with its line', async () => {
    const path = join(directory, 'bad.jsonl');
    await writeFile(
      path,
      `${JSON.stringify({ id: 'a', messages })}\nnot json\n`,
    );

    await expect(readConversations(path)).rejects.toThrow(
      `${path}:2 is not valid JSON`,
    );
  });
});
