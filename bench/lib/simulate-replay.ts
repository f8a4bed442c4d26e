import { simulate } from '@acm/cli';
import type { InputConversation, SimulationResult } from '@acm/cli';
import { createReplayCounter, replayClock } from './replay-memory';

/**
 * `simulate` from `@acm/cli` (what `acm simulate` runs) as
 * `bench/quality/quality.ts` measures: default config except `maxToken`, the
 * CLI's extractive summarizer, every check on, a {@link createReplayCounter}
 * per conversation and the fixed {@link replayClock}.
 */
export function simulateReplay({
  conversations,
  maxToken,
}: {
  readonly conversations: readonly InputConversation[];
  readonly maxToken: number;
}): Promise<SimulationResult> {
  return simulate({
    conversations,
    config: { maxToken },
    createCounter: createReplayCounter,
    clock: replayClock,
  });
}
