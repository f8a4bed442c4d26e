import { describe, expect, it } from 'vitest';
import { aiSdkModelMessages } from './__fixtures__/ai-sdk-model-messages';
import { anthropicConversation } from './__fixtures__/anthropic-conversation';
import {
  langChainConstructorMessages,
  langChainStoredMessages,
} from './__fixtures__/langchain-serialized-messages';
import {
  openAIResponsesItems,
  openAIResponsesOutputItems,
} from './__fixtures__/openai-responses-items';
import { detectConversationFormat } from './detect-conversation-format';

describe('detectConversationFormat', () => {
  it('should tell each fixture format by its first telling field', () => {
    const detect = (input: Parameters<typeof detectConversationFormat>[0]) => {
      const detection = detectConversationFormat(input);
      return detection.ok
        ? [detection.format, detection.evidence?.path]
        : detection;
    };
    expect(
      detect({
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: null, tool_calls: [] },
        ],
      }),
    ).toEqual(['openai-chat', 'messages[1].tool_calls']);
    expect(detect({ messages: openAIResponsesItems })).toEqual([
      'openai-responses',
      'messages[0].content[0].type',
    ]);
    expect(detect({ messages: openAIResponsesOutputItems })).toEqual([
      'openai-responses',
      'messages[2].type',
    ]);
    expect(detect(anthropicConversation)).toEqual(['anthropic', 'system']);
    expect(detect({ messages: anthropicConversation.messages })).toEqual([
      'anthropic',
      'messages[0].content[1].type',
    ]);
    expect(detect({ messages: aiSdkModelMessages })).toEqual([
      'ai-sdk',
      'messages[1].content[1].type',
    ]);
    expect(detect({ messages: langChainStoredMessages })).toEqual([
      'langchain',
      'messages[0].type',
    ]);
    expect(detect({ messages: langChainConstructorMessages })).toEqual([
      'langchain',
      'messages[0].lc',
    ]);
  });

  it('should choose openai-chat for plain text messages every format reads alike', () => {
    expect(
      detectConversationFormat({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        ],
      }),
    ).toEqual({ ok: true, format: 'openai-chat', evidence: null });
  });

  it('should list the first evidence of each format when formats mix', () => {
    expect(
      detectConversationFormat({
        messages: [
          { role: 'assistant', content: null, tool_calls: [] },
          {
            role: 'tool',
            content: [{ type: 'tool-result', toolCallId: 'c', toolName: 't' }],
          },
        ],
      }),
    ).toEqual({
      ok: false,
      conflicts: [
        {
          format: 'openai-chat',
          path: 'messages[0].tool_calls',
          found: '"tool_calls"',
        },
        {
          format: 'ai-sdk',
          path: 'messages[1].content[0].type',
          found: '"tool-result"',
        },
      ],
    });
  });
});
