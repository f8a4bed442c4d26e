export {
  assertValidEmbedding,
  assertValidLongTermRecords,
} from './assert-valid-long-term-records';
export { assertValidLongTermRecordedMessages } from './assert-valid-long-term-recorded-messages';
export { assertValidLongTermSearch } from './assert-valid-long-term-search';
export { copyLongTermRecord } from './copy-long-term-record';
export { createFullTextIndex } from './create-full-text-index';
export type {
  CreateFullTextIndexOptions,
  FullTextIndex,
  FullTextMatch,
} from './create-full-text-index';
export { createInMemoryLongTermBackend } from './create-in-memory-long-term-backend';
export {
  createLongTermMemory,
  LONG_TERM_MEMORY_MODES,
} from './create-long-term-memory';
export { DEFAULT_EMBED_TIMEOUT_MS } from './resolve-long-term-memory-options';
export type {
  CreateLongTermMemoryOptions,
  LongTermMemory,
  LongTermMemoryMode,
  RememberEntry,
  RememberOptions,
} from './create-long-term-memory';
export {
  formatLongTermMemoryBlock,
  LONG_TERM_MEMORY_TAG,
} from './format-long-term-memory-block';
export {
  cosineSimilarity,
  fuseRankings,
  RECIPROCAL_RANK_FUSION_K,
} from './fuse-rankings';
export { LONG_TERM_LIMITS } from './long-term-limits';
export type {
  EmbedFunction,
  EmbedOptions,
  LongTermAddOptions,
  LongTermAddResult,
  LongTermMemoryBackend,
  LongTermRecord,
  LongTermRecordedMessages,
  LongTermRecordSource,
  LongTermSearchHit,
  LongTermSearchRequest,
} from './long-term-memory-backend';
export {
  MAX_RECORD_TO_MEMORY_ITEMS,
  MAX_RETRIEVE_KEYWORDS,
  RECORD_TO_MEMORY_TOOL_NAME,
  RETRIEVE_FROM_MEMORY_TOOL_NAME,
  recordToMemoryToolDefinition,
  retrieveFromMemoryToolDefinition,
} from './long-term-tool-definitions';
export type {
  RecordToMemoryInput,
  RetrieveFromMemoryInput,
} from './long-term-tool-definitions';
export {
  assertValidMemoryOwner,
  isSameMemoryOwner,
  memoryOwnerKey,
} from './memory-owner';
export type { MemoryOwner } from './memory-owner';
export { renderMessageForSearch } from './render-message-for-search';
export { tokenizeForSearch } from './tokenize-for-search';
export type { ToolDefinition, ToolParameterSchema } from './tool-definition';
export { LongTermMemoryError } from '../../vocabulary/error/long-term-memory-error';
export type { LongTermMemoryOperation } from '../../vocabulary/error/long-term-memory-error';
export {
  createEmbeddedLongTermBackend,
  replayLongTermJournal,
} from './create-embedded-long-term-backend';
export { replayLongTermRecordedMessages } from './replay-long-term-recorded-messages';
export type {
  CreateEmbeddedLongTermBackendOptions,
  EmbeddedLongTermBackend,
  LongTermJournalEntry,
} from './create-embedded-long-term-backend';
export {
  COMPRESSION_RECORD_MODES,
  createCompressionBridge,
} from './create-compression-bridge';
export type {
  CompressionBridge,
  CompressionBridgeMemory,
  CompressionRecordMode,
  CreateCompressionBridgeOptions,
} from './create-compression-bridge';
