export { PLAN_NOTEBOOK_TOOL_NAMES, PlanNotebook } from './plan-notebook';
export type {
  CreatePlanOptions,
  ReviseCurrentPlanOptions,
  SubtaskInput,
} from './plan-notebook';
