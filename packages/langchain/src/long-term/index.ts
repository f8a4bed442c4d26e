// The createAgent middleware (needs `langchain`) is exported from
// `@acm/langchain/middleware`, so this folder's entry imports without it.
export { longTermMemoryTools } from './long-term-memory-tools';
export type { LongTermMemorySource } from './long-term-memory-tools';
