import { describe, expect, it } from 'vitest';
import type { CompressionListenerEvent } from '../../engine/loop/compression-listener-event';
import { AutoContextMemory } from '../../memory/facade/auto-context-memory';
import type { Message } from '../../vocabulary/message/message';
import { createSessionManager } from '../create-session-manager';
import { fixedClock } from '../../testing/fixed-clock';
import { sequentialIds } from '../../testing/sequential-ids';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import { createCompactionTracker } from './create-compaction-tracker';
import { getCompactionAttributes } from './get-compaction-attributes';
import { getManagedCallAttributes } from './get-managed-call-attributes';

/** A tool-loop step: a call of `read` and its long result. */
const step = (index: number): Message[] => [
  {
    id: `a${index}`,
    role: 'assistant',
    content: [
      {
        type: 'tool-call',
        toolCallId: `c${index}`,
        toolName: 'read',
        input: { path: `f${index}` },
      },
    ],
  },
  {
    id: `t${index}`,
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: `c${index}`,
        toolName: 'read',
        output: `line ${index}\n`.repeat(80),
      },
    ],
  },
];

describe('getManagedCallAttributes', () => {
  it("should give each managed call's compaction the attributes @acm/otel derives from the memory's events", async () => {
    const track = createCompactionTracker();
    const fromEvents: unknown[] = [];
    const manager = createSessionManager<Message>({
      sessionParameter: 'sessionId',
      missingSessionMessage: 'name a session',
      createMemory: ({ sessionId }) =>
        new AutoContextMemory({
          sessionId,
          config: { maxToken: 1_000 },
          counter: createApproximateTokenCounter(),
          clock: fixedClock(0),
          generateId: sequentialIds('id'),
          onEvent: (event: CompressionListenerEvent) => {
            const summary = track(event);
            if (summary?.applied) {
              fromEvents.push(
                getCompactionAttributes(summary, { conversationId: sessionId }),
              );
            }
          },
        }),
      idOf: (message) => message.id,
      fromFramework: (messages) => messages,
      toFramework: (message) => message,
    });
    const messages: Message[] = [
      {
        id: 'task',
        role: 'user',
        content: [{ type: 'text', text: 'Read the logs.' }],
      },
    ];
    const fromCalls: unknown[] = [];
    const unapplied: unknown[] = [];
    for (let index = 1; index <= 8; index++) {
      messages.push(...step(index));
      const call = await manager.manage({ sessionId: 'thread-1', messages });
      const attributes = getManagedCallAttributes(call);
      (call.compression.applied ? fromCalls : unapplied).push(attributes);
    }
    expect(unapplied.length).toBeGreaterThan(0);
    expect(new Set(unapplied)).toEqual(new Set([undefined]));
    expect(fromCalls.length).toBeGreaterThan(0);
    // The listener's attributes add `forced`; the rest is the same.
    expect(fromCalls).toEqual(
      fromEvents.map((attributes) => {
        const { 'acm.compaction.forced': forced, ...rest } =
          attributes as Record<string, unknown>;
        expect(forced).toBe(false);
        return rest;
      }),
    );
    expect(fromCalls[0]).toMatchObject({
      'gen_ai.conversation.id': 'thread-1',
    });
  });
});
