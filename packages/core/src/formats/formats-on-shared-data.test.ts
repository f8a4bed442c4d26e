import { describe, expect, it } from 'vitest';
import type { Message } from '../vocabulary/message/message';
import { loadSharedConversationsAsCore } from '../testing/load-shared-conversations-as-core';
import { fromAnthropicMessages } from './from-anthropic-messages';
import { fromOpenAIResponsesItems } from './from-openai-responses-items';
import { toAnthropicMessages } from './to-anthropic-messages';
import { toOpenAIResponsesItems } from './to-openai-responses-items';

/** Core messages without what only OpenAI chat needs (`metadata.openai`). */
function withoutMetadata(messages: readonly Message[]): Message[] {
  return messages.map(({ metadata: _metadata, ...message }) => message);
}

const swe = loadSharedConversationsAsCore({ dataset: 'swe', limit: 10 });
const tau = loadSharedConversationsAsCore({ dataset: 'tau', limit: 10 });

describe('trace formats on the shared data', () => {
  it('should round-trip every conversation through Anthropic Messages', () => {
    for (const conversation of [...swe, ...tau]) {
      const expected = withoutMetadata(conversation.messages);
      const { system, messages } = toAnthropicMessages(expected);
      expect(fromAnthropicMessages(messages, { system })).toEqual(expected);
    }
  });

  it('should round-trip SWE conversations (text and calls in one turn) through Responses items', () => {
    for (const conversation of swe) {
      const expected = withoutMetadata(conversation.messages);
      expect(
        fromOpenAIResponsesItems(toOpenAIResponsesItems(expected)),
      ).toEqual(expected);
    }
  });

  it('should read an assistant text directly followed by calls as one Responses turn', () => {
    // tau-bench records split some turns into a text message and a call
    // message; Responses items carry no response boundary, so they read back
    // as the one message the API would have produced.
    const messages: Message[] = [
      {
        id: 'msg-0',
        role: 'assistant',
        content: [{ type: 'text', text: 'Let me look.' }],
      },
      {
        id: 'msg-1',
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'c1',
            toolName: 'get_user',
            input: { id: 'u1' },
          },
        ],
      },
    ];
    expect(fromOpenAIResponsesItems(toOpenAIResponsesItems(messages))).toEqual([
      {
        id: 'msg-0',
        role: 'assistant',
        content: [...messages[0]!.content, ...messages[1]!.content],
      },
    ]);
  });
});
