export type { Plan, PlanSubtask, SubtaskState } from './plan';
export { SUBTASK_STATES } from './plan';
export { describePlanToolUse } from './describe-plan-tool-use';
export { filterPlanToolMessages } from './filter-plan-tool-messages';
export { PLAN_TOOL_NAMES } from './plan-tool-names';
export { renderPlanHint } from './render-plan-hint';
export { wrapPlanHint } from './wrap-plan-hint';
