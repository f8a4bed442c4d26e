// Users install one package: everything of @acm/core is available from here.
// The createAgent middleware needs `langchain` and lives at
// `@acm/langchain/middleware`, so this entry imports without it.
export * from '@acm/core';
export * from './chat-history';
export * from './memory';
export * from './message';
export * from './summarizer';
export * from './tool';
