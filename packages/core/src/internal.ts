// The `@acm/core/internal` entry: what custom strategies are written with,
// not covered by semver. The planners and their context, plans and edits,
// the engine's steps (passes, apply-plan, the compression loop), the
// strategy descriptors, conversation analysis, state operations, summaries,
// prompts, tokens and the runtime defaults; and the memory's own building
// blocks (facade tuning, the reload tool's constants, OpenAI metadata).
// Adapters and stores take what they need from `@acm/core/adapter` instead
// (semver-covered), applications from `@acm/core`.
// ADR: docs/decisions/2026-11-28-adapter-kit.md
export * from './vocabulary/clock';
export * from './vocabulary/config';
export * from './vocabulary/error';
export * from './vocabulary/event';
export * from './vocabulary/message';
export * from './state/context-state';
export * from './state/contract';
export * from './state/conversation';
export * from './state/offload';
export * from './state/token';
export * from './summary/summarizer';
export * from './summary/text';
export * from './engine/loop';
export * from './engine/plan';
export * from './engine/prompt';
export * from './engine/strategy';
export * from './engine/trigger';
export * from './memory/compression';
export * from './memory/facade';
export * from './tools/reload';
export * from './formats/openai';
export * from './runtime';
