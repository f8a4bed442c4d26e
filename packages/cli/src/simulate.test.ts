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
    expect(figures.compressedTurns).toBe(0);
    expect(figures.identifierRetentionWithoutLists).toEqual(
      figures.identifierRetention,
    );
    expect(figures.listTokenShare.part).toBe(0);
    expect(figures.taskVisibility.total).toBe(0);
    expect(figures.budgetViolations).toBe(0);
    expect(figures.reloadDepth).toEqual({
      histogram: [conversation!.messages.length],
      max: 0,
      p95: 0,
      atLeast3: { part: 0, total: conversation!.messages.length, share: 0 },
      unreachable: 0,
      maxOverTurns: 0,
    });
  });

  it('should measure ground truth, lists and reload depth on tau conversations under a small budget', async () => {
    const conversations = (await readConversations(SAMPLE_FILE)).filter(
      (conversation) => conversation.id.startsWith('tau-airline/'),
    );
    const result = await simulate({
      conversations,
      config: { maxToken: 2000 },
      createCounter: () => createApproximateTokenCounter(),
      clock: { now: () => 0 },
    });

    const figures = result.aggregate;
    expect(figures.compressedTurns).toBeGreaterThan(0);
    expect(figures.groundTruthVisibility.total).toBeGreaterThan(0);
    expect(figures.groundTruthVisibilityWithoutLists.total).toBe(
      figures.groundTruthVisibility.total,
    );
    expect(figures.groundTruthVisibilityWithoutLists.part).toBeLessThanOrEqual(
      figures.groundTruthVisibility.part,
    );
    expect(figures.listTokenShare.part).toBeGreaterThan(0);
    const originals = conversations.reduce(
      (sum, conversation) => sum + conversation.messages.length,
      0,
    );
    expect(
      figures.reloadDepth.histogram.reduce((sum, count) => sum + count, 0) +
        figures.reloadDepth.unreachable,
    ).toBe(originals);
    expect(figures.reloadDepth.unreachable).toBe(0);
    expect(figures.reloadDepth.maxOverTurns).toBeGreaterThanOrEqual(
      figures.reloadDepth.max,
    );
    expect(figures.reloadDepth.maxOverTurns).toBe(
      Math.max(
        ...result.conversations.flatMap((conversation) =>
          conversation.turns.map((turn) => turn.reloadDepthMax ?? 0),
        ),
        figures.reloadDepth.max,
      ),
    );
    expect(figures.contractViolations).toBe(
      figures.budgetViolations +
        result.conversations.reduce(
          (sum, conversation) =>
            sum + conversation.contractViolationSamples.length,
          0,
        ),
    );
  });

  it('should reject an invalid config before replaying', async () => {
    const conversations = await readConversations(SAMPLE_FILE);

    await expect(
      simulate({ conversations, config: { tokenRatio: 2 } }),
    ).rejects.toThrow('Invalid config option tokenRatio');
  });
});
