import { describe, expect, it } from 'vitest';
import type { LlmStrategyName } from '../../vocabulary/config/config';
import { CURRENT_ROUND_FOLD_PROMPT, DEFAULT_PROMPTS } from './default-prompts';

const strategies: LlmStrategyName[] = [
  'rollupHistory',
  'compressToolRuns',
  'summarizeRounds',
  'summarizeLargeCurrentMessages',
  'compressCurrentRound',
];

describe('DEFAULT_PROMPTS', () => {
  it('should have one prompt for every LLM strategy and nothing else', () => {
    expect(Object.keys(DEFAULT_PROMPTS).sort()).toEqual([...strategies].sort());
  });

  it.each(strategies)(
    'should tell the model to answer in the conversation language (%s)',
    (strategy) => {
      expect(DEFAULT_PROMPTS[strategy]).toContain(
        'Answer in the language of the conversation',
      );
    },
  );

  it.each(strategies)(
    'should ask for plain text without markdown headers (%s)',
    (strategy) => {
      expect(DEFAULT_PROMPTS[strategy]).toContain(
        'Write plain text only: no markdown headers',
      );
    },
  );

  it.each(strategies)(
    'should never mention compression or offload tags (%s)',
    (strategy) => {
      expect(DEFAULT_PROMPTS[strategy]).not.toMatch(
        /compress|offload|CONTEXT_OFFLOAD|<!--/i,
      );
    },
  );

  it('should ask the rollup to merge an earlier rollup block', () => {
    expect(DEFAULT_PROMPTS.rollupHistory).toContain('block marked (rollup)');
  });

  it('should ask tool-run summaries to count repeated calls and mark truncation', () => {
    expect(DEFAULT_PROMPTS.compressToolRuns).toContain('how many times it ran');
    expect(DEFAULT_PROMPTS.compressToolRuns).toContain('[TRUNCATED]');
  });

  it('should forbid describing tool mechanics in round summaries', () => {
    expect(DEFAULT_PROMPTS.summarizeRounds).toContain(
      'Do not describe tool calls, functions or execution steps',
    );
  });

  it('should ask current-round compression for first-person sentences and a length target', () => {
    expect(DEFAULT_PROMPTS.compressCurrentRound).toContain(
      'Write in the first person',
    );
    expect(DEFAULT_PROMPTS.compressCurrentRound).toContain('strict target');
  });

  it.each(['rollupHistory', 'compressToolRuns', 'summarizeRounds'] as const)(
    'should ask history summaries for the five sections, headings translated (%s)',
    (strategy) => {
      const prompt = DEFAULT_PROMPTS[strategy];
      const headings = [
        'Task and constraints:',
        'Progress and decisions:',
        'Files and changes:',
        'Errors and fixes:',
        'Next step:',
      ];
      const positions = headings.map((heading) => prompt.indexOf(heading));
      expect(positions.every((position) => position >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(prompt).toContain(
        'Translate the headings into the language of the conversation',
      );
    },
  );

  it.each(strategies)(
    'should ask to keep identifiers with what they belong to and to leave out call ids (%s)',
    (strategy) => {
      expect(DEFAULT_PROMPTS[strategy]).toContain(
        'Keep each identifier with what it belongs to, in one line',
      );
      expect(DEFAULT_PROMPTS[strategy]).toContain(
        'never copy tool call ids such as call_… or toolu_…',
      );
    },
  );
});

describe('CURRENT_ROUND_FOLD_PROMPT', () => {
  it('should ask for a sectioned first-person account of the work on the current request, under the common rules', () => {
    const headings = [
      'Task and constraints:',
      'Progress and decisions:',
      'Files and changes:',
      'Errors and fixes:',
      'Next step:',
    ];
    const positions = headings.map((heading) =>
      CURRENT_ROUND_FOLD_PROMPT.indexOf(heading),
    );
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(CURRENT_ROUND_FOLD_PROMPT).toContain('Write in the first person');
    expect(CURRENT_ROUND_FOLD_PROMPT).toContain(
      'The request itself stays in the conversation right before this text',
    );
    expect(CURRENT_ROUND_FOLD_PROMPT).toContain(
      'Answer in the language of the conversation',
    );
    expect(CURRENT_ROUND_FOLD_PROMPT).toContain(
      'Write plain text only: no markdown headers',
    );
    expect(CURRENT_ROUND_FOLD_PROMPT).not.toMatch(
      /compress|offload|CONTEXT_OFFLOAD|<!--/i,
    );
  });
});
