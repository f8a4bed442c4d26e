export { AutoContextMemory } from './auto-context-memory';
export type { AutoContextMemoryOptions } from './auto-context-memory';
