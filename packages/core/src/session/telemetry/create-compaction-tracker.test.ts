import { describe, expect, it } from 'vitest';
import { AutoContextMemory } from '../../memory/facade/auto-context-memory';
import type { CompressionListenerEvent } from '../../engine/loop/compression-listener-event';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import { fixedClock } from '../../testing/fixed-clock';
import type { CompactionSummary } from './compaction-summary';
import { createCompactionTracker } from './create-compaction-tracker';
import { getCompactionAttributes } from './get-compaction-attributes';
import { summarizeCompressionResult } from './summarize-compression-result';

describe('createCompactionTracker', () => {
  it('should summarize each compaction of a memory as summarizeCompressionResult does from its result', async () => {
    const track = createCompactionTracker();
    const tracked: CompactionSummary[] = [];
    const memory = new AutoContextMemory({
      sessionId: 's',
      config: { maxToken: 1_000 },
      counter: createApproximateTokenCounter(),
      clock: fixedClock(7),
      onEvent: (event: CompressionListenerEvent) => {
        const summary = track(event);
        if (summary !== undefined) tracked.push(summary);
      },
    });
    const fromResults: unknown[] = [];
    const derived: unknown[] = [];
    await memory.addMessage({
      id: 'task',
      role: 'user',
      content: [{ type: 'text', text: 'Read the logs.' }],
    });
    for (let step = 1; step <= 6; step++) {
      const tokensBefore = memory.countTokens();
      const messagesBefore = memory.getMessageCount();
      const result = await memory.compressIfNeeded();
      if (result.trigger.triggered) {
        fromResults.push(
          summarizeCompressionResult(result, {
            tokensBefore,
            tokensAfter: memory.countTokens(),
            messagesBefore,
            messagesAfter: memory.getMessageCount(),
          }),
        );
        derived.push(
          summarizeCompressionResult(result, {
            tokensAfter: memory.countTokens(),
            messagesAfter: memory.getMessageCount(),
          }),
        );
      }
      await memory.addMessages([
        {
          id: `a${step}`,
          role: 'assistant',
          content: [
            {
              type: 'tool-call',
              toolCallId: `c${step}`,
              toolName: 'read',
              input: {},
            },
          ],
        },
        {
          id: `t${step}`,
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: `c${step}`,
              toolName: 'read',
              output: `line ${step}\n`.repeat(80),
            },
          ],
        },
      ]);
    }
    expect(tracked.length).toBeGreaterThan(0);
    expect(tracked.some((summary) => summary.applied)).toBe(true);
    // The listener's view adds the times and `forced`; the rest is the same.
    expect(
      tracked.map(({ startedAt, endedAt, forced, ...rest }) => {
        expect([startedAt, endedAt, forced]).toEqual([7, 7, false]);
        return rest;
      }),
    ).toEqual(fromResults);
    // Without the measurements before, the events give the same counts.
    expect(derived).toEqual(fromResults);
    const first = tracked.find((summary) => summary.applied)!;
    const attributes = getCompactionAttributes(first, { conversationId: 's' });
    expect(attributes['gen_ai.conversation.id']).toBe('s');
    expect(attributes['acm.compaction.tokens_saved']).toBe(
      first.tokensBefore - first.tokensAfter,
    );
    expect(attributes['acm.compaction.offload_ids']).toEqual(
      first.events.flatMap((event) =>
        event.type === 'compression' ? event.offloadIds : [],
      ),
    );
  });
});
