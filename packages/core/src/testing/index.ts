export type { Frequency } from './build-conversation';
export { captureError } from './capture-error';
export { configArbitrary } from './config-arbitrary';
export type { ConfigArbitraryOptions } from './config-arbitrary';
export { conversationArbitrary } from './conversation-arbitrary';
export type { ConversationArbitraryOptions } from './conversation-arbitrary';
export { describeMemoryOnStore } from './describe-memory-on-store';
export type {
  CrashableSessionStore,
  DescribeMemoryOnStoreOptions,
} from './describe-memory-on-store';
export { describeSessionStore } from './describe-session-store';
export type { DescribeSessionStoreOptions } from './describe-session-store';
export {
  SESSION_LOG_CORRUPTIONS,
  SESSION_STORE_SAVE_PATHS,
} from './session-store-corruption-cases';
export type {
  SessionLogCorruption,
  SessionStoreLogAccess,
  SessionStoreSavePath,
  StoredLogRecord,
} from './session-store-corruption-cases';
export { findSharedDataDir, SHARED_DATA_FILES } from './find-shared-data-dir';
export type {
  FindSharedDataDirOptions,
  SharedDataset,
} from './find-shared-data-dir';
export { fixedClock } from './fixed-clock';
export type { FixedClock } from './fixed-clock';
export { fixedLatencySummarizer } from './fixed-latency-summarizer';
export type {
  FixedLatencySummarizer,
  FixedLatencySummarizerOptions,
} from './fixed-latency-summarizer';
export { loadSharedConversations } from './load-shared-conversations';
export type {
  LoadSharedConversationsOptions,
  SharedConversation,
} from './load-shared-conversations';
export { loadSharedConversationsAsCore } from './load-shared-conversations-as-core';
export type {
  LoadSharedConversationsAsCoreOptions,
  SharedCoreConversation,
} from './load-shared-conversations-as-core';
export { scriptedSummarizer } from './scripted-summarizer';
export type {
  ScriptedSummarizer,
  ScriptedSummarizerFunction,
  ScriptedSummarizerStep,
} from './scripted-summarizer';
export { sequentialIds } from './sequential-ids';
export { runLongTermBackendConformance } from './run-long-term-backend-conformance';
export type { RunLongTermBackendConformanceOptions } from './run-long-term-backend-conformance';
