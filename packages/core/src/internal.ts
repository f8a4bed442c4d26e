// For sibling @acm packages only: not covered by semver. Everything core
// exports, the engine internals included (the root entry holds only the
// application API).
export * from './vocabulary/clock';
export * from './vocabulary/config';
export * from './state/contract';
export * from './state/conversation';
export * from './engine/loop';
export * from './vocabulary/error';
export * from './vocabulary/event';
export * from './memory/facade';
export * from './vocabulary/message';
export * from './formats/openai';
export * from './engine/plan';
export * from './engine/prompt';
export * from './state/offload';
export * from './tools/reload';
export * from './memory/compression';
export * from './runtime';
export * from './session';
export * from './state/context-state';
export * from './memory/store';
export * from './engine/strategy';
export * from './summary/summarizer';
export * from './summary/text';
export * from './engine/trigger';
export * from './state/token';
export * from './formats';
export * from './session/telemetry';
