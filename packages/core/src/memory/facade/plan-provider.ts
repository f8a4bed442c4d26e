import type { Plan } from '../../engine/plan/plan';

/**
 * Anything that knows the agent's current plan (the reference's
 * `PlanNotebook`, e.g. `@acm/agent`'s `PlanNotebook` class). `AutoContextMemory` asks it at the start of every
 * compression and sends the rendered plan (`renderPlanHint`) with every
 * summary request.
 */
export interface PlanProvider {
  /** The active plan, or `undefined` when there is none. */
  getCurrentPlan(): Plan | undefined;
}
