import { describe, expect, it } from 'vitest';
import { computeFigures } from './compute-figures';
import type { TurnRecord } from './simulation-result';

const turn = (overrides: Partial<TurnRecord>): TurnRecord => ({
  index: 0,
  rawMessages: 2,
  rawTokens: 100,
  managedMessages: 2,
  managedTokens: 100,
  withinBudget: true,
  prefixReused: null,
  identifiersEarlier: 0,
  identifiersRetained: 0,
  identifiersRetainedWithoutLists: 0,
  compressed: false,
  groundTruthEarlier: 0,
  groundTruthVisible: 0,
  groundTruthVisibleWithoutLists: 0,
  listTokens: 0,
  taskVisible: true,
  reloadDepthMax: null,
  protectedTokens: 10,
  unexcusedOverBudget: false,
  compressMs: 0,
  strategies: [],
  ...overrides,
});

describe('computeFigures', () => {
  it('should pool the quality figures, counting task and ground truth on compressed turns and unexcused budget overruns as violations', () => {
    const figures = computeFigures({
      turns: [
        turn({
          identifiersEarlier: 4,
          identifiersRetained: 4,
          identifiersRetainedWithoutLists: 4,
          groundTruthEarlier: 5,
          groundTruthVisible: 5,
          groundTruthVisibleWithoutLists: 5,
        }),
        turn({
          managedTokens: 150,
          withinBudget: false,
          compressed: true,
          identifiersEarlier: 4,
          identifiersRetained: 3,
          identifiersRetainedWithoutLists: 1,
          groundTruthEarlier: 4,
          groundTruthVisible: 4,
          groundTruthVisibleWithoutLists: 1,
          listTokens: 30,
          taskVisible: false,
          unexcusedOverBudget: true,
        }),
        turn({
          managedTokens: 50,
          compressed: true,
          listTokens: 20,
          taskVisible: true,
        }),
        turn({
          managedTokens: 100,
          compressed: true,
          taskVisible: null,
          reloadDepthMax: 3,
        }),
      ],
      events: [
        {
          turn: 1,
          strategy: 'lastResort',
          outcome: 'applied',
          messageCount: 3,
          tokensBefore: 300,
          tokensAfter: 100,
          offloadCount: 1,
        },
      ],
      passes: [{ strategy: 'lastResort', outcome: 'applied', calls: 0 }],
      compressMs: [1, 2, 3, 4],
      contractViolations: 2,
      reload: { reachable: 1, exact: 1, failures: [] },
      reloadDepth: { histogram: [3, 1], unreachable: 0 },
      maxToken: 120,
      summarizerInputTokens: 0,
      summarizerOutputTokens: 0,
    });

    expect(figures.identifierRetention).toEqual({
      part: 7,
      total: 8,
      share: 7 / 8,
    });
    expect(figures.identifierRetentionWithoutLists).toEqual({
      part: 5,
      total: 8,
      share: 5 / 8,
    });
    expect(figures.compressedTurns).toBe(3);
    expect(figures.groundTruthVisibility).toEqual({
      part: 4,
      total: 4,
      share: 1,
    });
    expect(figures.groundTruthVisibilityWithoutLists).toEqual({
      part: 1,
      total: 4,
      share: 0.25,
    });
    expect(figures.listTokenShare).toEqual({
      part: 50,
      total: 400,
      share: 0.125,
    });
    expect(figures.taskVisibility).toEqual({ part: 1, total: 2, share: 0.5 });
    expect(figures.budgetViolations).toBe(1);
    expect(figures.worstBudgetRatio).toBe(1.25);
    expect(figures.contractViolations).toBe(3);
    expect(figures.reloadDepth).toEqual({
      histogram: [3, 1],
      max: 1,
      p95: 1,
      atLeast3: { part: 0, total: 4, share: 0 },
      unreachable: 0,
      maxOverTurns: 3,
    });
    expect(figures.strategies.lastResort?.tokensSaved).toBe(200);
  });
});
