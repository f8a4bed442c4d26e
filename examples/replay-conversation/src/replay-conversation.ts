import {
  AutoContextMemory,
  createExtractiveSummarizer,
  fromOpenAIMessages,
  type AutoContextConfigInput,
  type StrategyName,
  type TokenCounter,
} from '@acm/core';
import { checkStateContract } from '@acm/core/adapter';

/** A small budget so that a 60–80 message conversation shows every kind of pass. */
export const DEMO_CONFIG: AutoContextConfigInput = {
  maxToken: 12_000,
  tokenRatio: 0.75,
  targetRatio: 0.5,
  msgThreshold: 40,
  lastKeep: 10,
  largePayloadThreshold: 2_000,
  offloadSinglePreview: 300,
  minCompressionTokenThreshold: 400,
  minConsecutiveToolMessages: 4,
  historyRollupKeepRecentRounds: 2,
  historyRollupKeepRecentTokens: 1_500,
};

export interface TurnFigures {
  /** Index of the assistant message about to be generated. */
  readonly index: number;
  readonly rawMessages: number;
  readonly rawTokens: number;
  readonly managedMessages: number;
  readonly managedTokens: number;
  /** Strategies that applied before this turn. */
  readonly strategies: readonly StrategyName[];
}

export interface ReplayResult {
  readonly id: string;
  readonly turns: readonly TurnFigures[];
  readonly eventsByStrategy: Readonly<Partial<Record<StrategyName, number>>>;
  readonly contractViolations: number;
}

/**
 * Replays one OpenAI-format conversation message by message through an
 * AutoContextMemory, compressing before every assistant message as an agent
 * hook would, and records the token figures the model would have seen.
 */
export async function replayConversation({
  id,
  messages,
  counter,
  config = DEMO_CONFIG,
}: {
  id: string;
  messages: readonly unknown[];
  counter: TokenCounter;
  config?: AutoContextConfigInput;
}): Promise<ReplayResult> {
  const conversation = fromOpenAIMessages(messages);
  let sequence = 0;
  const memory = new AutoContextMemory({
    sessionId: id,
    config,
    counter,
    summarizer: createExtractiveSummarizer(),
    clock: { now: () => 0 },
    generateId: () => `x${(sequence++).toString(36)}`,
  });
  const turns: TurnFigures[] = [];
  const eventsByStrategy: Partial<Record<StrategyName, number>> = {};
  let contractViolations = 0;

  for (const [index, message] of conversation.entries()) {
    if (message.role === 'assistant') {
      const before = memory.getState();
      const result = await memory.compressIfNeeded();
      contractViolations += checkStateContract({
        before,
        after: result.state,
      }).length;
      const strategies: StrategyName[] = [];
      for (const event of result.events) {
        if (event.type !== 'compression') continue;
        eventsByStrategy[event.strategy] =
          (eventsByStrategy[event.strategy] ?? 0) + 1;
        if (!strategies.includes(event.strategy))
          strategies.push(event.strategy);
      }
      turns.push({
        index,
        rawMessages: memory.getOriginalMessages().length,
        rawTokens: counter.countMessages(memory.getOriginalMessages()),
        managedMessages: memory.getMessages().length,
        managedTokens: counter.countMessages(memory.getMessages()),
        strategies,
      });
    }
    await memory.addMessage(message);
  }
  return { id, turns, eventsByStrategy, contractViolations };
}
