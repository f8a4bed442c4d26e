import { describe, expect, it } from 'vitest';
import * as api from './index';

// The reviewed public surface: a change to this list is an API change (update
// the docs, a changeset and this test together). ADR:
// docs/decisions/2026-11-25-public-surface.md
describe('@acm/ai-sdk public API', () => {
  it('should export exactly the reviewed runtime values', () => {
    expect(Object.keys(api).sort()).toEqual([
      'ACM_PROVIDER_OPTIONS_KEY',
      'AI_SDK_METADATA_KEY',
      'AcmError',
      'AutoContextMemory',
      'CONTEXT_RELOAD_INSTRUCTION',
      'CONTEXT_RELOAD_TOOL_NAME',
      'EXECUTION_DENIED_TEXT',
      'HistoryMismatchError',
      'InvalidArgumentError',
      'InvalidConfigError',
      'InvalidMessageError',
      'SHARED_SESSION_ID',
      'StoreConflictError',
      'StoreError',
      'SummarizerError',
      'TokenizerError',
      'autoContextMiddleware',
      'autoContextPrepareStep',
      'checkContract',
      'contextReloadTool',
      'contextSearchTool',
      'createApproximateTokenCounter',
      'createAutoContextMemory',
      'createExtractiveSummarizer',
      'createInMemorySessionStore',
      'createTiktokenTokenCounter',
      'createTokenCounter',
      'findOffloadIds',
      'fromAiSdkMessage',
      'fromAiSdkMessages',
      'getAiSdkMetadata',
      'getMessageText',
      'longTermMemoryMiddleware',
      'longTermMemoryTools',
      'summarizerFromLanguageModel',
      'toAiSdkMessage',
      'toAiSdkMessages',
      'warmUp',
    ]);
    expect(Object.keys(api).length).toBeLessThanOrEqual(40);
  });
});
