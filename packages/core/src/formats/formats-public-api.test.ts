import { describe, expect, it } from 'vitest';
import * as api from './index';

// The reviewed surface of `@acm/core/formats` (ADR
// docs/decisions/2026-11-26-trace-formats.md): a change here is an API change.
describe('@acm/core/formats public API', () => {
  it('should export exactly the reviewed runtime values', () => {
    expect(Object.keys(api).sort()).toEqual([
      'CONVERSATION_FORMATS',
      'detectConversationFormat',
      'fromAnthropicMessages',
      'fromConversationMessages',
      'fromLangChainSerializedMessages',
      'fromModelMessages',
      'fromOpenAIResponsesItems',
      'toAnthropicMessages',
      'toOpenAIResponsesItems',
    ]);
  });
});
