import { describe, expect, it } from 'vitest';
import * as api from './index';
import * as middleware from './middleware';

// The reviewed public surface: a change to this list is an API change (update
// the docs, a changeset and this test together). ADR:
// docs/decisions/2026-11-25-public-surface.md
describe('@acm/langchain public API', () => {
  it('should export exactly the reviewed runtime values', () => {
    expect(Object.keys(api).sort()).toEqual([
      'ACM_LC_SOURCE',
      'AcmError',
      'AutoContextChainMemory',
      'AutoContextChatMessageHistory',
      'AutoContextMemory',
      'CONTEXT_RELOAD_INSTRUCTION',
      'CONTEXT_RELOAD_TOOL_NAME',
      'HistoryMismatchError',
      'InvalidArgumentError',
      'InvalidConfigError',
      'InvalidMessageError',
      'LANGCHAIN_METADATA_KEY',
      'StoreConflictError',
      'StoreError',
      'SummarizerError',
      'TokenizerError',
      'checkContract',
      'contextReloadSchema',
      'contextReloadTool',
      'contextSearchTool',
      'createApproximateTokenCounter',
      'createAutoContextMemory',
      'createExtractiveSummarizer',
      'createInMemorySessionStore',
      'createTiktokenTokenCounter',
      'createTokenCounter',
      'findOffloadIds',
      'fromLangChainMessages',
      'getMessageText',
      'longTermMemoryTools',
      'summarizerFromChatModel',
      'toLangChainMessage',
      'toLangChainMessages',
      'warmUp',
    ]);
    expect(Object.keys(api).length).toBeLessThanOrEqual(40);
  });

  it('should export exactly the reviewed runtime values from @acm/langchain/middleware', () => {
    expect(Object.keys(middleware).sort()).toEqual([
      'REMOVE_ALL_MESSAGES',
      'SHARED_SESSION_ID',
      'autoContextMiddleware',
      'longTermMemoryMiddleware',
    ]);
  });
});
