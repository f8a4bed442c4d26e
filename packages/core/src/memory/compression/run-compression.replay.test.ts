import { describe, expect, it } from 'vitest';
import type { AutoContextConfigInput } from '../../vocabulary/config/config';
import { resolveConfig } from '../../vocabulary/config/resolve-config';
import { checkStateContract } from '../../state/contract/check-state-contract';
import type { StrategyName } from '../../vocabulary/message/acm-marker';
import { STRATEGY_NAMES } from '../../vocabulary/message/acm-marker';
import { fromOpenAIMessages } from '../../formats/openai/from-openai-messages';
import { appendMessages } from '../../state/context-state/append-messages';
import { createContextState } from '../../state/context-state/create-context-state';
import type { ContextState } from '../../state/context-state/context-state';
import { createExtractiveSummarizer } from '../../summary/summarizer/create-extractive-summarizer';
import { fixedClock } from '../../testing/fixed-clock';
import { loadSharedConversations } from '../../testing/load-shared-conversations';
import { sequentialIds } from '../../testing/sequential-ids';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import { runCompression } from './run-compression';

/**
 * Configs small enough that every strategy fires on the shared conversations:
 * SWE-bench runs (one long round, large outputs) exercise the current-round
 * strategies and the last resort; tau-bench runs (many short rounds) the
 * rollup, tool runs and round summaries.
 */
const REPLAY_CONFIGS: readonly AutoContextConfigInput[] = [
  {
    msgThreshold: 24,
    maxToken: 6000,
    tokenRatio: 0.6,
    targetRatio: 0.3,
    lastKeep: 4,
    largePayloadThreshold: 1500,
    offloadSinglePreview: 200,
    minConsecutiveToolMessages: 1,
    minCompressionTokenThreshold: 100,
    historyRollupKeepRecentRounds: 1,
    historyRollupKeepRecentTokens: 300,
    compactRatioThreshold: 0.9,
  },
];

describe('runCompression', () => {
  it('should keep the contract at every turn of every shared conversation replayed', async () => {
    const conversations = loadSharedConversations();
    const counter = createApproximateTokenCounter();
    const summarizer = createExtractiveSummarizer();
    const applied = new Set<StrategyName>();
    let compressions = 0;
    let firstViolations: { at: string; violations: unknown[] } | undefined;

    for (const configInput of REPLAY_CONFIGS) {
      const config = resolveConfig(configInput);
      for (const conversation of conversations) {
        const messages = fromOpenAIMessages(conversation.messages);
        const generateId = sequentialIds('acm');
        let state: ContextState = createContextState({
          sessionId: conversation.id,
        });
        for (const message of messages) {
          // As an agent hook would: compress before every model call.
          if (message.role === 'assistant') {
            const compression = await runCompression({
              state,
              config,
              counter,
              summarizer,
              clock: fixedClock(0),
              generateId,
            });
            const violations = checkStateContract({
              before: state,
              after: compression.state,
            });
            if (violations.length > 0 && firstViolations === undefined) {
              firstViolations = {
                at: `${conversation.id}, before ${message.id}`,
                violations,
              };
            }
            for (const event of compression.events) {
              if (event.type === 'compression') applied.add(event.strategy);
            }
            if (compression.applied) compressions += 1;
            state = compression.state;
          }
          state = appendMessages(state, [message]);
        }
      }
    }

    expect(firstViolations).toBeUndefined();
    expect(compressions).toBeGreaterThan(0);
    expect([...applied].sort()).toEqual([...STRATEGY_NAMES].sort());
  }, 120_000);
});
