export type { CompactionSummary } from './compaction-summary';
export { createCompactionTracker } from './create-compaction-tracker';
export {
  COMPACTION_ATTRIBUTES,
  getCompactionAttributes,
} from './get-compaction-attributes';
export type { CompactionAttributeValue } from './get-compaction-attributes';
export { summarizeCompressionResult } from './summarize-compression-result';
export { getManagedCallAttributes } from './get-managed-call-attributes';
