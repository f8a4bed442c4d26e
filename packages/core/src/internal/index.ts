// For sibling @acm packages only: not covered by semver. Everything core
// exports, the engine internals included (the root entry holds only the
// application API).
export * from '../clock';
export * from '../config';
export * from '../contract';
export * from '../conversation';
export * from '../engine';
export * from '../error';
export * from '../event';
export * from '../memory';
export * from '../message';
export * from '../openai';
export * from '../plan';
export * from '../prompt';
export * from '../offload';
export * from '../runtime';
export * from '../session';
export * from '../state';
export * from '../store';
export * from '../strategy';
export * from '../summarizer';
export * from '../summary';
export * from '../threshold';
export * from '../token';
export * from '../formats';
export * from '../telemetry';
