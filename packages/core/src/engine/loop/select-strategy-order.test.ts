import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../vocabulary/config/resolve-config';
import { selectStrategyOrder } from './select-strategy-order';

describe('selectStrategyOrder', () => {
  it('should put the no-LLM strategies first in auto mode', () => {
    expect(selectStrategyOrder(resolveConfig({ mode: 'auto' }))).toEqual([
      'offloadLargeMessagesProtected',
      'offloadLargeMessages',
      'clearToolUses',
      'rollupHistory',
      'compressToolRuns',
      'summarizeRounds',
      'summarizeLargeCurrentMessages',
      'compressCurrentRound',
    ]);
  });

  it('should keep only the no-LLM strategies in compact mode', () => {
    expect(selectStrategyOrder(resolveConfig({ mode: 'compact' }))).toEqual([
      'offloadLargeMessagesProtected',
      'offloadLargeMessages',
      'clearToolUses',
    ]);
  });

  it('should keep only the LLM strategies, in the default order, in compress mode', () => {
    expect(selectStrategyOrder(resolveConfig({ mode: 'compress' }))).toEqual([
      'rollupHistory',
      'compressToolRuns',
      'summarizeRounds',
      'summarizeLargeCurrentMessages',
      'compressCurrentRound',
    ]);
  });

  it('should leave out the strategies switched off', () => {
    expect(
      selectStrategyOrder(
        resolveConfig({
          mode: 'compress',
          strategies: { compressToolRuns: false, compressCurrentRound: false },
        }),
      ),
    ).toEqual([
      'rollupHistory',
      'summarizeRounds',
      'summarizeLargeCurrentMessages',
    ]);
  });
});
