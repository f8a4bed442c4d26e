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
      { id: 'conversation-1', messages, source: 'x.json' },
    ]);
  });

  it('should name the file and line of a record without messages', () => {
    expect(() =>
      parseConversations(
        `${JSON.stringify({ id: 'a', messages })}\n${JSON.stringify({ id: 'b' })}\n`,
        'x.jsonl',
      ),
    ).toThrow(
      'x.jsonl:2: "messages" must be an array of messages, found nothing. Accepted formats (--format): openai-chat, openai-responses, anthropic, ai-sdk, langchain; each record is { id, messages } (Anthropic: with "system"; OpenAI Responses: "input" items, with "instructions").',
    );
  });

  it('should detect the format of each conversation', () => {
    const records = [
      {
        id: 'chat',
        messages: [{ role: 'assistant', content: null, tool_calls: [] }],
      },
      { id: 'responses', input: 'hi', instructions: 'be brief' },
      { id: 'anthropic', system: 'be brief', messages },
      {
        id: 'ai-sdk',
        messages: [
          {
            role: 'assistant',
            content: [
              { type: 'tool-call', toolCallId: 'c', toolName: 't', input: {} },
            ],
          },
        ],
      },
      {
        id: 'langchain',
        messages: [{ type: 'human', data: { content: 'hi' } }],
      },
      { id: 'plain', messages },
    ];
    const read = parseConversations(
      records.map((record) => JSON.stringify(record)).join('\n'),
      'x.jsonl',
    );
    expect(read.map((conversation) => conversation.format)).toEqual([
      undefined,
      'openai-responses',
      'anthropic',
      'ai-sdk',
      'langchain',
      undefined,
    ]);
    expect(read[1]!.messages).toEqual([{ role: 'user', content: 'hi' }]);
    expect(read[1]!.instructions).toBe('be brief');
    // --format overrides detection.
    expect(
      parseConversations(JSON.stringify(records[5]), 'x.json', 'anthropic')[0]!
        .format,
    ).toBe('anthropic');
  });

  it('should name the line, the paths and the accepted formats when formats mix', () => {
    const record = {
      id: 'mixed',
      messages: [
        { role: 'assistant', content: null, tool_calls: [] },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'x', content: 'y' }],
        },
      ],
    };
    expect(() =>
      parseConversations(
        `${JSON.stringify({ messages })}\n${JSON.stringify(record)}\n`,
        'x.jsonl',
      ),
    ).toThrow(
      'x.jsonl:2: cannot tell the trace format: the conversation has fields of openai-chat (messages[0].tool_calls = "tool_calls"), anthropic (messages[1].content[0].type = "tool_result"). Pass --format to choose. Accepted formats (--format): openai-chat, openai-responses, anthropic, ai-sdk, langchain;',
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

    expect(await readConversations(path)).toEqual([
      { id: 'z', messages, source: path },
    ]);
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
      { id: 't', messages, source: path, expectedActions },
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
