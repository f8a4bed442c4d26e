import type { Message } from '@acm/core';
import { describe, expect, it } from 'vitest';
import { findProtectedMessages } from './find-protected-messages';

const text = (
  id: string,
  role: Message['role'],
  value: string,
  metadata?: Record<string, unknown>,
): Message => ({
  id,
  role,
  content: [{ type: 'text', text: value }],
  ...(metadata === undefined ? {} : { metadata }),
});
const call = (id: string, callId: string, toolName = 'bash'): Message => ({
  id,
  role: 'assistant',
  content: [{ type: 'tool-call', toolCallId: callId, toolName, input: {} }],
});
const result = (id: string, callId: string, toolName = 'bash'): Message => ({
  id,
  role: 'tool',
  content: [
    { type: 'tool-result', toolCallId: callId, toolName, output: 'ok' },
  ],
});

describe('findProtectedMessages', () => {
  it('should return system, pinned and the in-flight exchange', () => {
    const prompt = [
      text('s', 'system', 'rules'),
      text('u', 'user', 'task', { pinned: true }),
      call('a1', 'c1'),
      result('t1', 'c1'),
      text('a2', 'assistant', 'progress', {
        acm: { kind: 'summary', pinned: true },
      }),
      call('a3', 'c3'),
      result('t3', 'c3'),
    ];

    expect(findProtectedMessages(prompt).map((message) => message.id)).toEqual([
      's',
      'u',
      'a2',
      'a3',
      't3',
    ]);
  });

  it('should not protect a consumed exchange nor a trailing user message, but pinned tools anywhere', () => {
    const prompt = [
      text('s', 'system', 'rules'),
      call('a1', 'c1', 'plan'),
      result('t1', 'c1', 'plan'),
      call('a2', 'c2'),
      result('t2', 'c2'),
      text('a3', 'assistant', 'a long text the model wrote'),
      text('u', 'user', 'next'),
    ];

    expect(
      findProtectedMessages(prompt, { pinnedTools: ['plan'] }).map(
        (message) => message.id,
      ),
    ).toEqual(['s', 'a1', 't1']);
  });
});
