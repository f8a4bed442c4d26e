export { longTermMemoryHook } from './long-term-memory-hook';
export type {
  LongTermMemoryHook,
  LongTermMemoryHookErrorContext,
  LongTermMemoryHookOptions,
} from './long-term-memory-hook';
