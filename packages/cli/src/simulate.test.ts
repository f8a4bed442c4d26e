import { createApproximateTokenCounter } from '@acm/core';
import { describe, expect, it } from 'vitest';
import { readConversations } from './read-conversations';
import { simulate } from './simulate';
import { SAMPLE_CONFIG, SAMPLE_FILE } from './test-fixtures';

describe('simulate', () => {
  it('should replay the committed sample with consistent figures', async () => {
    const conversations = await readConversations(SAMPLE_FILE);
    const result = await simulate({
      conversations,
      config: SAMPLE_CONFIG,
      createCounter: () => createApproximateTokenCounter(),
      clock: { now: () => 0 },
    });

    expect(result.conversations.map((conversation) => conversation.id)).toEqual(
      [
        'swe/django__django-11119',
        'swe/pytest-dev__pytest-7521',
        'swe/scikit-learn__scikit-learn-11310',
        'tau-airline/task13-trial0',
        'tau-airline/task9-trial3',
      ],
    );
    for (const conversation of result.conversations) {
      const assistantCount = conversations
        .find((input) => input.id === conversation.id)!
        .messages.filter(
          (message) => (message as { role: string }).role === 'assistant',
        ).length;
      expect(conversation.turns).toHaveLength(assistantCount);
      for (const turn of conversation.turns) {
        expect(turn.managedTokens).toBeLessThanOrEqual(turn.rawTokens);
        expect(turn.managedMessages).toBeLessThanOrEqual(turn.rawMessages);
        expect(turn.identifiersRetained).toBeLessThanOrEqual(
          turn.identifiersEarlier,
        );
      }
      expect(conversation.figures.contractViolations).toBe(0);
      expect(conversation.reloadFailures).toEqual([]);
    }
    const { aggregate } = result;
    expect(aggregate.conversations).toBe(5);
    expect(aggregate.turns).toBe(
      result.conversations.reduce((sum, item) => sum + item.turns.length, 0),
    );
    expect(aggregate.contractViolations).toBe(0);
    expect(aggregate.events).toBeGreaterThan(0);
    expect(aggregate.reloadExactness.total).toBeGreaterThan(0);
    expect(aggregate.reloadExactness.share).toBe(1);
    expect(aggregate.peakManagedTokens).toBeLessThan(aggregate.peakRawTokens);
    expect(aggregate.cumulativeManagedTokens).toBeLessThan(
      aggregate.cumulativeRawTokens,
    );
    expect(aggregate.withinBudget.part).toBe(
      result.conversations
        .flatMap((conversation) => conversation.turns)
        .filter((turn) => turn.managedTokens <= 16_000).length,
    );
    const savedByEvents = result.conversations
      .flatMap((conversation) => conversation.events)
      .filter((event) => event.outcome === 'applied')
      .reduce((sum, event) => sum + event.tokensBefore - event.tokensAfter, 0);
    const savedByStrategies = Object.values(aggregate.strategies).reduce(
      (sum, figures) => sum + figures.tokensSaved,
      0,
    );
    expect(savedByStrategies).toBe(savedByEvents);
    expect(result.config.maxToken).toBe(16_000);
    expect(result.counter).toBe('approximate');
    expect(result.summarizer).toBe('extractive');
  });

  it('should leave a conversation under the trigger untouched', async () => {
    const [conversation] = await readConversations(SAMPLE_FILE);
    const result = await simulate({
      conversations: [conversation!],
      createCounter: () => createApproximateTokenCounter(),
    });

    const figures = result.aggregate;
    expect(figures.events).toBe(0);
    expect(figures.cumulativeManagedTokens).toBe(figures.cumulativeRawTokens);
    expect(figures.prefixReuse.share).toBe(1);
    expect(figures.identifierRetention.share).toBe(1);
    expect(figures.reloadExactness).toEqual({ part: 0, total: 0, share: null });
  });

  it('should reject an invalid config before replaying', async () => {
    const conversations = await readConversations(SAMPLE_FILE);

    await expect(
      simulate({ conversations, config: { tokenRatio: 2 } }),
    ).rejects.toThrow('Invalid config option tokenRatio');
  });
});
