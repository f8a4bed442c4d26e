export * from '@acm/core';
export * from './react-agent';
export * from './auto-context';
export * from './hook';
export * from './model';
// Named, so that the class wins over core's `PlanNotebook` interface (which it implements).
export { PLAN_NOTEBOOK_TOOL_NAMES, PlanNotebook } from './plan';
export type {
  CreatePlanOptions,
  ReviseCurrentPlanOptions,
  SubtaskInput,
} from './plan';
export * from './tool';
