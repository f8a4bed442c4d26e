import { describe, expect, it } from 'vitest';
import type { Plan } from './plan';
import { renderPlanHint } from './render-plan-hint';

const plan: Plan = {
  name: 'Fix the parser',
  description: 'Make the parser accept trailing commas',
  expectedOutcome: 'All tests pass',
  subtasks: [
    { name: 'Reproduce', state: 'done' },
    { name: 'Write the failing test', state: 'in_progress' },
    { name: 'Patch the tokenizer', state: 'todo', description: 'lexer.ts' },
    { name: 'Run the suite', state: 'todo' },
    { name: 'Rewrite in Rust', state: 'abandoned' },
  ],
};

describe('renderPlanHint', () => {
  it('should render name, goal, progress, remaining subtasks and outcome', () => {
    expect(renderPlanHint(plan)).toBe(
      [
        'Plan: Fix the parser',
        'Goal: Make the parser accept trailing commas',
        'Current Progress: Write the failing test',
        'Remaining: Patch the tokenizer, Run the suite',
        'Progress: 1/5 subtasks completed',
        'Expected Outcome: All tests pass',
      ].join('\n'),
    );
  });

  it('should leave out empty lines', () => {
    expect(
      renderPlanHint({
        name: '',
        description: 'Goal only',
        expectedOutcome: ' ',
        subtasks: [],
      }),
    ).toBe('Goal: Goal only');
  });

  it('should return undefined without a plan', () => {
    expect(renderPlanHint(undefined)).toBeUndefined();
  });

  it('should return undefined for a plan with nothing to say', () => {
    expect(
      renderPlanHint({
        name: ' ',
        description: '',
        expectedOutcome: '',
        subtasks: [],
      }),
    ).toBeUndefined();
  });
});
