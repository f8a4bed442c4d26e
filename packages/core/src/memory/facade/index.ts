export { AutoContextMemory } from './auto-context-memory';
export type {
  AddMessagesOptions,
  AutoContextMemoryOptions,
  CompressIfNeededOptions,
  PreviewCompressionOptions,
  SaveWithRetryOptions,
  SaveWithRetryResult,
} from './auto-context-memory-options';
export { createAutoContextMemory } from './create-auto-context-memory';
export { createIdNeutralTokenCounter } from './create-id-neutral-token-counter';
export { createScopedIdGenerator } from './create-scoped-id-generator';
export type { MemoryEpochs } from './memory-epochs';
export type { PlanProvider } from './plan-provider';
export { MAX_CLEARED_OFFLOAD_IDS } from './remember-cleared-offload';
export { CALIBRATION_LIMITS } from './update-calibration';
