import { describe, expect, it } from 'vitest';
import * as api from './index';

// The reviewed public surface: a change to this list is an API change (update
// the docs, a changeset and this test together). ADR:
// docs/decisions/2026-11-25-public-surface.md
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
