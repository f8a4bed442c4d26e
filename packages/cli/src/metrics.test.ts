import {
  AutoContextMemory,
  createApproximateTokenCounter,
  fromOpenAIMessages,
} from '@acm/core';
import type { Message } from '@acm/core';
import { describe, expect, it } from 'vitest';
import { isPromptPrefix } from './is-prompt-prefix';
import { measureIdentifierRetention } from './measure-identifier-retention';
import { measureReloadExactness } from './measure-reload-exactness';

const user = (id: string, text: string): Message => ({
  id,
  role: 'user',
  content: [{ type: 'text', text }],
});

describe('isPromptPrefix', () => {
  it('should accept a prompt that extends the previous one with equal content under new ids', () => {
    const previous = [user('a', 'one'), user('b', 'two')];
    const next = [user('x', 'one'), user('y', 'two'), user('z', 'three')];

    expect(isPromptPrefix(previous, next)).toBe(true);
  });

  it('should reject a prompt whose earlier message changed', () => {
    const previous = [user('a', 'one'), user('b', 'two')];
    const next = [
      user('a', 'one'),
      user('b', 'summary of two'),
      user('c', 'x'),
    ];

    expect(isPromptPrefix(previous, next)).toBe(false);
  });
});

describe('measureIdentifierRetention', () => {
  it('should count probes used by the turn that an earlier tool offered, with and without identifier lists', () => {
    const message: Message = {
      id: 'm',
      role: 'assistant',
      content: [
        {
          type: 'text',
          text: 'Open src/app/config.py, check HAT136, ticket_9912 and policy_v2.',
        },
      ],
    };

    const retention = measureIdentifierRetention({
      message,
      earlierProbes: new Set([
        'src/app/config.py',
        'HAT136',
        'policy_v2',
        'ZFA04Y',
      ]),
      alwaysVisibleText: 'System: follow policy_v2.',
      managedText:
        'the context still shows HAT136\nFacts kept verbatim — paths: src/app/config.py',
      managedTextWithoutLists: 'the context still shows HAT136\n',
    });

    expect(retention).toEqual({
      used: 4,
      earlier: 2,
      retained: 2,
      retainedWithoutLists: 1,
      missing: [],
    });
  });

  it('should list the earlier probes the context lost', () => {
    const retention = measureIdentifierRetention({
      message: user('m', 'Use HAT136 and HAT137.'),
      earlierProbes: new Set(['HAT136', 'HAT137']),
      managedText: 'only HAT1366 here',
    });

    expect(retention).toEqual({
      used: 2,
      earlier: 2,
      retained: 0,
      retainedWithoutLists: 0,
      missing: ['HAT136', 'HAT137'],
    });
  });
});

describe('measureReloadExactness', () => {
  const longOutput = 'x'.repeat(9000);
  const conversation = fromOpenAIMessages([
    { role: 'user', content: 'list files' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: 'call_1',
          type: 'function',
          function: { name: 'ls', arguments: '{}' },
        },
      ],
    },
    { role: 'tool', tool_call_id: 'call_1', content: longOutput },
    { role: 'assistant', content: 'done' },
    { role: 'user', content: 'thanks' },
  ]);

  async function compressedMemory(): Promise<AutoContextMemory> {
    let sequence = 0;
    const memory = new AutoContextMemory({
      sessionId: 'session',
      config: { largePayloadThreshold: 1000, lastKeep: 1, mode: 'compact' },
      counter: createApproximateTokenCounter(),
      generateId: () => `id${sequence++}`,
    });
    await memory.addMessages(conversation);
    await memory.compressIfNeeded({ force: true });
    return memory;
  }

  it('should find every offload reachable from the working messages exact', async () => {
    const memory = await compressedMemory();

    const exactness = await measureReloadExactness({
      state: memory.getState(),
    });

    expect(exactness).toEqual({ reachable: 1, exact: 1, failures: [] });
  });

  it('should report an offload entry whose content differs from the original', async () => {
    const memory = await compressedMemory();
    const state = memory.getState();
    const [offloadId] = Object.keys(state.offloads);
    const tampered = {
      ...state,
      offloads: {
        [offloadId!]: state.offloads[offloadId!]!.map((message) => ({
          ...message,
          content: [
            {
              type: 'tool-result' as const,
              toolCallId: 'call_1',
              toolName: 'ls',
              output: 'changed',
            },
          ],
        })),
      },
    };

    const exactness = await measureReloadExactness({ state: tampered });

    expect(exactness.reachable).toBe(1);
    expect(exactness.exact).toBe(0);
    expect(exactness.failures).toEqual([
      `${offloadId}: message ${state.offloads[offloadId!]![0]!.id} differs from the original`,
    ]);
  });
});
