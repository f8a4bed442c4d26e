import { describe, expect, it } from 'vitest';
import { DEFAULT_PROMPTS } from './default-prompts';
import { resolvePrompt } from './resolve-prompt';

describe('resolvePrompt', () => {
  it('should return the default prompt when no custom prompt is set', () => {
    expect(resolvePrompt('summarizeRounds', {})).toBe(
      DEFAULT_PROMPTS.summarizeRounds,
    );
  });

  it('should return the custom prompt when it is not blank', () => {
    expect(
      resolvePrompt('rollupHistory', { rollupHistory: 'Keep it short.' }),
    ).toBe('Keep it short.');
  });

  it('should fall back to the default for a blank custom prompt', () => {
    expect(
      resolvePrompt('compressToolRuns', { compressToolRuns: ' \n\t' }),
    ).toBe(DEFAULT_PROMPTS.compressToolRuns);
  });

  it('should ignore custom prompts of other strategies', () => {
    expect(
      resolvePrompt('compressCurrentRound', { summarizeRounds: 'Other.' }),
    ).toBe(DEFAULT_PROMPTS.compressCurrentRound);
  });
});
