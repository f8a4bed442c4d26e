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
export {
  releaseTimeoutSignal,
  TIMEOUT_SIGNAL_CLEAR,
} from './release-timeout-signal';
