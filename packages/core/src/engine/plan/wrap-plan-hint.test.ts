import { describe, expect, it } from 'vitest';
import { wrapPlanHint } from './wrap-plan-hint';

describe('wrapPlanHint', () => {
  it('should wrap the hint in the plan_aware_hint element', () => {
    expect(wrapPlanHint('Plan: X\nGoal: Y')).toBe(
      '<plan_aware_hint>\nPlan: X\nGoal: Y\n</plan_aware_hint>',
    );
  });
});
