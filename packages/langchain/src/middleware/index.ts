export * from './auto-context-middleware';
export * from './long-term-memory-middleware';
