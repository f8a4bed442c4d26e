export {
  ACM_TRACER_NAME,
  COMPACTION_SPAN_NAME,
  createOpenTelemetryListener,
} from './create-open-telemetry-listener';
export type { OpenTelemetryListenerOptions } from './create-open-telemetry-listener';
export {
  COMPACTION_ATTRIBUTES,
  getCompactionAttributes,
} from '@acm/core/internal';
export type {
  CompactionAttributeValue,
  CompactionSummary,
} from '@acm/core/internal';
