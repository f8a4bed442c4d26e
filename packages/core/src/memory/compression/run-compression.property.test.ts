import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../vocabulary/config/resolve-config';
import { checkStateContract } from '../../state/contract/check-state-contract';
import { analyzeConversation } from '../../state/conversation/analyze-conversation';
import { createContextState } from '../../state/context-state/create-context-state';
import { createExtractiveSummarizer } from '../../summary/summarizer/create-extractive-summarizer';
import { configArbitrary } from '../../testing/config-arbitrary';
import { conversationArbitrary } from '../../testing/conversation-arbitrary';
import { fixedClock } from '../../testing/fixed-clock';
import { sequentialIds } from '../../testing/sequential-ids';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import { runCompression } from './run-compression';

/** Generated conversations checked; the acceptance criterion of issue 3 asks for at least 10,000. */
const NUM_RUNS = 10_000;

describe('runCompression', () => {
  it(`should keep the contract on ${NUM_RUNS} generated conversations with random configs`, async () => {
    const counter = createApproximateTokenCounter();
    const summarizer = createExtractiveSummarizer();
    await fc.assert(
      fc.asyncProperty(
        conversationArbitrary({ maxRounds: 5, maxExchangesPerRound: 3 }),
        configArbitrary({ strategySwitches: true }),
        async (messages, configInput) => {
          const before = createContextState({ sessionId: 'session', messages });
          const compression = await runCompression({
            state: before,
            config: resolveConfig(configInput),
            counter,
            summarizer,
            clock: fixedClock(0),
            generateId: sequentialIds('acm'),
          });
          const after = compression.state;

          expect(checkStateContract({ before, after })).toEqual([]);
          // The in-flight exchange is untouched: the very same message objects, in order, at the end.
          const inFlight = analyzeConversation(before.working).inFlight;
          const kept =
            inFlight === undefined
              ? []
              : before.working.slice(inFlight.callIndex, inFlight.end);
          const tail = after.working.slice(after.working.length - kept.length);
          expect(tail).toHaveLength(kept.length);
          expect(tail.every((message, index) => message === kept[index])).toBe(
            true,
          );
          expect(after.original).toBe(before.original);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  }, 120_000);
});
