import { describe, expect, it } from 'vitest';
import * as api from './index';

// The reviewed surface of `@acm/core/formats` (ADR
// docs/decisions/2026-11-26-trace-formats.md): a change here is an API change.
describe('@acm/core/formats public API', () => {
  it('should export exactly the reviewed runtime values', () => {
    expect(Object.keys(api).sort()).toEqual([
      'ACM_LC_SOURCE',
      'AI_SDK_METADATA_KEY',
      'CONVERSATION_FORMATS',
      'EXECUTION_DENIED_TEXT',
      'LANGCHAIN_METADATA_KEY',
      'detectConversationFormat',
      'fromAiSdkMessage',
      'fromAiSdkMessages',
      'fromAnthropicMessages',
      'fromConversationMessages',
      'fromLangChainMessages',
      'fromLangChainSerializedMessages',
      'fromModelMessages',
      'fromOpenAIResponsesItems',
      'getAiSdkMetadata',
      'toAiSdkMessage',
      'toAiSdkMessages',
      'toAnthropicMessages',
      'toLangChainMessageFields',
      'toOpenAIResponsesItems',
    ]);
  });
});
