import { describe, expect, it } from 'vitest';
import * as adapterApi from './adapter';
import * as api from './index';

// The reviewed public surface: a change to one of these lists is an API
// change (update the docs, a changeset and this test together). ADRs:
// docs/decisions/2026-11-25-public-surface.md (the root),
// docs/decisions/2026-11-28-adapter-kit.md (`@acm/core/adapter`)
describe('@acm/core public API', () => {
  it('should export exactly the reviewed runtime values', () => {
    expect(Object.keys(api).sort()).toEqual([
      'AcmError',
      'AutoContextMemory',
      'CONTEXT_RELOAD_INSTRUCTION',
      'CONTEXT_RELOAD_TOOL_NAME',
      'ContractViolationError',
      'DEFAULT_CONFIG',
      'DEFAULT_PROMPTS',
      'InvalidArgumentError',
      'InvalidConfigError',
      'InvalidMessageError',
      'InvalidStateError',
      'StoreConflictError',
      'StoreError',
      'SummarizerError',
      'TokenizerError',
      'assertContract',
      'checkContract',
      'contextReloadToolDefinition',
      'createApproximateTokenCounter',
      'createAutoContextMemory',
      'createContextReloadHandler',
      'createExtractiveSummarizer',
      'createInMemorySessionStore',
      'createSessionRegistry',
      'createTiktokenTokenCounter',
      'createTokenCounter',
      'findOffloadIds',
      'fromOpenAIMessages',
      'getAcmMarker',
      'getMessageText',
      'parseState',
      'randomId',
      'renderSummaryRequest',
      'resolveConfig',
      'serializeState',
      'stringifyToolOutput',
      'syncMessages',
      'systemClock',
      'toOpenAIMessages',
      'warmUp',
    ]);
    expect(Object.keys(api).length).toBeLessThanOrEqual(40);
  });
});

describe('@acm/core/adapter public API', () => {
  it('should export exactly the reviewed runtime values', () => {
    expect(Object.keys(adapterApi).sort()).toEqual([
      'CALIBRATION_METADATA_KEY',
      'COMPACTION_ATTRIBUTES',
      'MAX_SESSION_ID_LENGTH',
      'SESSION_LOG_FORMAT',
      'SESSION_LOG_SCHEMA_VERSION',
      'SHARED_SESSION_ID',
      'STRATEGY_NAMES',
      'assertValidSave',
      'assertValidSessionId',
      'calibrateAndRecord',
      'calibrateFromUsage',
      'checkStateContract',
      'createChatSummarizer',
      'createCompactionTracker',
      'createLongTermMessageTurns',
      'createLongTermTools',
      'createMigrationCursor',
      'createPersistedMemory',
      'createSessionLogCache',
      'createSessionManager',
      'createSessionRegistry',
      'createSessionReloadHandler',
      'createSessionSearchHandler',
      'findLastIndex',
      'getCompactionAttributes',
      'getManagedCallAttributes',
      'hashValue',
      'isSyntheticMessage',
      'isUserTurn',
      'loadTiktokenEncoder',
      'planSessionLogWrite',
      'readProviderInputTokens',
      'readProviderUsage',
      'readToolDefinitions',
      'rebaseMessages',
      'renderOffloadedMessages',
      'replaySessionLog',
      'resolveLongTermMode',
      'restoreCalibration',
      'sampleMessages',
      'syncMessages',
      'toStoreError',
      'withAcmMarker',
      'withReloadInstruction',
      'withoutOffloadMarkers',
      'withoutUndefined',
      'writeSessionLog',
    ]);
  });
});
