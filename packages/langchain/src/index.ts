// Users install one package: everything of @acm/core is available from here.
export * from '@acm/core';
// Core's facade keeps its own names next to the LangChain `AutoContextMemory`
// below (an explicit export overrides the star re-export).
export { AutoContextMemory as AutoContextCoreMemory } from '@acm/core';
export type { AutoContextMemoryOptions as AutoContextCoreMemoryOptions } from '@acm/core';

export * from './chat-history';
// Explicit, so that they override core's names from the star re-export above.
export { AutoContextMemory } from './memory';
export type { AutoContextMemoryOptions } from './memory';
export * from './message';
export * from './middleware';
export * from './summarizer';
export * from './tool';
