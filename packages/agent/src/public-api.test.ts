import { describe, expect, it } from 'vitest';
import * as api from './index';

// The reviewed public surface: a change to this list is an API change (update
// the docs, a changeset and this test together). ADR:
// docs/decisions/2026-11-25-public-surface.md
describe('@acm/agent public API', () => {
  it('should export exactly the reviewed runtime values', () => {
    expect(Object.keys(api).sort()).toEqual([
      'AcmError',
      'AutoContextMemory',
      'CALIBRATION_METADATA_KEY',
      'CONTEXT_RELOAD_INSTRUCTION',
      'CONTEXT_RELOAD_TOOL_NAME',
      'HistoryMismatchError',
      'InvalidArgumentError',
      'InvalidConfigError',
      'InvalidMessageError',
      'PLAN_NOTEBOOK_TOOL_NAMES',
      'PlanNotebook',
      'StoreConflictError',
      'StoreError',
      'SummarizerError',
      'TokenizerError',
      'autoContextHook',
      'checkContract',
      'createApproximateTokenCounter',
      'createAutoContextMemory',
      'createExtractiveSummarizer',
      'createInMemorySessionStore',
      'createReActAgent',
      'createTiktokenTokenCounter',
      'createTokenCounter',
      'defineTool',
      'findOffloadIds',
      'getMessageText',
      'longTermMemoryHook',
      'readRunState',
      'sortHooks',
      'validateJsonSchema',
      'warmUp',
    ]);
    expect(Object.keys(api).length).toBeLessThanOrEqual(40);
  });
});
