import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../vocabulary/config/resolve-config';
import { getAcmMarker } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import { appendMessages } from '../../state/context-state/append-messages';
import type { ContextState } from '../../state/context-state/context-state';
import { createContextState } from '../../state/context-state/create-context-state';
import { createExtractiveSummarizer } from '../../summary/summarizer/create-extractive-summarizer';
import { isSameValue } from '../../vocabulary/util/is-same-value';
import { conversationArbitrary } from '../../testing/conversation-arbitrary';
import { fixedClock } from '../../testing/fixed-clock';
import { sequentialIds } from '../../testing/sequential-ids';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import { runCompression } from '../../memory/compression/run-compression';

/** Fewest reloads (offload entries opened) that reach each original, byte-exact. */
function reloadDepths(state: ContextState): number[] {
  const reached: { message: Message; depth: number }[] = [];
  const opened = new Set<string>();
  let frontier: readonly Message[] = state.working;
  for (let depth = 0; frontier.length > 0 && depth < 32; depth++) {
    const next: Message[] = [];
    for (const message of frontier) {
      reached.push({ message, depth });
      const offloadId = getAcmMarker(message)?.offloadId;
      if (offloadId === undefined || opened.has(offloadId)) continue;
      opened.add(offloadId);
      next.push(...(state.offloads[offloadId] ?? []));
    }
    frontier = next;
  }
  return state.original.map((original) => {
    const found = reached.find(
      ({ message }) =>
        message.id === original.id && isSameValue(message, original),
    );
    return found === undefined ? Infinity : found.depth;
  });
}

describe('flat folds', () => {
  it('should keep every original at most 2 reloads away when compressing turn by turn', async () => {
    const counter = createApproximateTokenCounter();
    const summarizer = createExtractiveSummarizer();
    await fc.assert(
      fc.asyncProperty(
        conversationArbitrary({ maxRounds: 6, maxExchangesPerRound: 4 }),
        fc.integer({ min: 150, max: 1500 }),
        async (messages, maxToken) => {
          const config = resolveConfig({ maxToken, msgThreshold: 12 });
          const generateId = sequentialIds('acm');
          let state = createContextState({ sessionId: 'session' });
          for (const message of messages) {
            if (message.role === 'assistant') {
              const compression = await runCompression({
                state,
                config,
                counter,
                summarizer,
                clock: fixedClock(0),
                generateId,
              });
              state = compression.state;
            }
            state = appendMessages(state, [message]);
          }
          for (const depth of reloadDepths(state)) {
            expect(depth).toBeLessThanOrEqual(2);
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);
});
