import type { AiSdkMessage } from '@acm/core/formats';
import {
  createApproximateTokenCounter,
  createInMemorySessionStore,
} from '@acm/core';
import { describe, expect, it } from 'vitest';
import { createAiSdkSessions } from './auto-context-middleware';

const counter = createApproximateTokenCounter();

/** A prompt with every kind of part a tool loop carries (bytes, tool calls and results, reasoning, provider options). */
const prompt: AiSdkMessage[] = [
  { role: 'system', content: 'You fix bugs.' },
  {
    role: 'user',
    content: [
      { type: 'text', text: 'The build fails, log attached.' },
      {
        type: 'file',
        data: new Uint8Array([1, 2, 250]),
        mediaType: 'application/octet-stream',
        filename: 'build.log',
      },
    ],
  },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'Read the log first.' },
      {
        type: 'tool-call',
        toolCallId: 'call-1',
        toolName: 'bash',
        input: { command: 'cat build.log', timeout: 30 },
        providerOptions: { openai: { itemId: 'item-1' } },
      },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call-1',
        toolName: 'bash',
        output: { type: 'json', value: { exitCode: 1, stderr: 'x' } },
      },
    ],
  },
  { role: 'assistant', content: [{ type: 'text', text: 'A missing import.' }] },
];

describe('createAiSdkSessions', () => {
  it('should recognise a stored session by content after a reload and append only the new message', async () => {
    const store = createInMemorySessionStore();
    const first = await createAiSdkSessions({ store, counter }, '').manage({
      sessionId: 's',
      messages: prompt,
      variant: 'v3',
    });
    expect(first.memory.getOriginalMessages().map((m) => m.id)).toEqual([
      'm0',
      'm1',
      'm2',
      'm3',
    ]);
    expect(first.messages![0]).toBe(prompt[0]);

    // Another process: the same store, the prompt rebuilt as new objects, one message more.
    const next: AiSdkMessage = {
      role: 'user',
      content: [{ type: 'text', text: 'Fix it.' }],
    };
    const call = await createAiSdkSessions({ store, counter }, '').manage({
      sessionId: 's',
      messages: [...structuredClone(prompt), next],
      variant: 'v3',
    });
    expect(call.sync).toMatchObject({ kind: 'appended', anchor: 'original' });
    expect(call.sync.appended.map((message) => message.id)).toEqual(['m4']);
    expect(call.messages).toHaveLength(6);

    // An edited history at a checked position is refused; the store keeps the session.
    const edited = structuredClone(prompt);
    (edited[4] as { content: unknown }).content = [
      { type: 'text', text: 'Something else.' },
    ];
    await expect(
      createAiSdkSessions({ store, counter }, '').manage({
        sessionId: 's',
        messages: [...edited, next],
        variant: 'v3',
      }),
    ).rejects.toMatchObject({
      code: 'HISTORY_MISMATCH',
      divergedAt: 3,
      stored: { id: 'm3', role: 'assistant' },
    });
    expect(store.load('s')?.original).toHaveLength(5);
  });
});
