export type {
  CompressionAppliedEvent,
  CompressionEvent,
  CompressionFailedEvent,
  MessageRange,
  SummarizerCost,
} from './compression-event';
