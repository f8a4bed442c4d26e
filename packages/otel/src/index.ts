export {
  ACM_TRACER_NAME,
  COMPACTION_SPAN_NAME,
  createOpenTelemetryListener,
} from './create-open-telemetry-listener';
export type { OpenTelemetryListenerOptions } from './create-open-telemetry-listener';
export {
  COMPACTION_ATTRIBUTES,
  getCompactionAttributes,
} from '@acm/core/adapter';
export type {
  CompactionAttributeValue,
  CompactionSummary,
} from '@acm/core/adapter';
