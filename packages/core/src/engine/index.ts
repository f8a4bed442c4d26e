export type { ApplyPlanOptions } from './apply-plan';
export { applyPlan } from './apply-plan';
export type {
  CompactionEndEvent,
  CompactionStartEvent,
  CompressionListenerEvent,
  CompressionStopReason,
  OverBudget,
} from './compression-listener-event';
export type { PassReport } from './pass-report';
export type {
  CompressionDryRun,
  PlanCompressionOptions,
  PlannedPass,
} from './plan-compression';
export { planCompression } from './plan-compression';
export type {
  CompressionResult,
  RunCompressionOptions,
} from './run-compression';
export { runCompression } from './run-compression';
