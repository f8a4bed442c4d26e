export { AutoContextChainMemory } from './auto-context-chain-memory';
export type { AutoContextChainMemoryOptions } from './auto-context-chain-memory';
