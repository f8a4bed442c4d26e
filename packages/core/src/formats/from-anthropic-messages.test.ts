import { describe, expect, it } from 'vitest';
import { InvalidMessageError } from '../vocabulary/error/invalid-message-error';
import { anthropicConversation } from './__fixtures__/anthropic-conversation';
import { fromAnthropicMessages } from './from-anthropic-messages';
import { toAnthropicMessages } from './to-anthropic-messages';

describe('fromAnthropicMessages', () => {
  it('should read system, thinking, images, tool_use and tool_result blocks', () => {
    const messages = fromAnthropicMessages(anthropicConversation.messages, {
      system: anthropicConversation.system,
    });
    expect(messages).toEqual([
      {
        id: 'msg-0',
        role: 'system',
        content: [
          { type: 'text', text: 'You are a weather assistant. Use the tools.' },
        ],
      },
      {
        id: 'msg-1',
        role: 'user',
        content: [
          {
            type: 'text',
            text: 'What is the weather in Paris? Here is my map.',
          },
          {
            type: 'file',
            mediaType: 'image/png',
            data: anthropicConversation.messages[0].content[1].source.data,
          },
        ],
      },
      {
        id: 'msg-2',
        role: 'assistant',
        content: [
          {
            type: 'reasoning',
            text: 'The user wants the weather in Paris. I should call get_weather.',
            providerMetadata: {
              anthropic: {
                signature:
                  anthropicConversation.messages[1].content[0].signature,
              },
            },
          },
          { type: 'text', text: 'Let me check the weather.' },
          {
            type: 'tool-call',
            toolCallId: 'toolu_01A09q90qw90lq917835lq9',
            toolName: 'get_weather',
            input: { location: 'Paris, France', unit: 'celsius' },
          },
          {
            type: 'tool-call',
            toolCallId: 'toolu_01B3d9rGqV2KmE2sA3qZ8F7x',
            toolName: 'get_time',
            input: { timezone: 'Europe/Paris' },
          },
        ],
      },
      {
        id: 'msg-3',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'toolu_01A09q90qw90lq917835lq9',
            toolName: 'get_weather',
            output: '15 degrees, light rain',
          },
        ],
      },
      {
        id: 'msg-4',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'toolu_01B3d9rGqV2KmE2sA3qZ8F7x',
            toolName: 'get_time',
            output: [{ type: 'text', text: 'Unknown timezone' }],
            isError: true,
          },
        ],
      },
      {
        id: 'msg-5',
        role: 'assistant',
        content: [
          { type: 'text', text: 'It is 15 °C with light rain in Paris.' },
        ],
      },
      {
        id: 'msg-6',
        role: 'user',
        content: [{ type: 'text', text: 'Thanks!' }],
      },
      {
        id: 'msg-7',
        role: 'assistant',
        content: [
          {
            type: 'reasoning',
            text: '',
            providerMetadata: {
              anthropic: {
                redactedData: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlx',
              },
            },
          },
          { type: 'text', text: 'You are welcome.' },
        ],
      },
    ]);
  });

  it('should round-trip the request through toAnthropicMessages', () => {
    const messages = fromAnthropicMessages(anthropicConversation.messages, {
      system: anthropicConversation.system,
    });
    expect(toAnthropicMessages(messages)).toEqual(anthropicConversation);
  });

  it('should put the text of a user message after its tool results', () => {
    const messages = fromAnthropicMessages([
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 't1', name: 'ls', input: {} }],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'a.txt' },
          {
            type: 'text',
            text: 'Now read it.',
            cache_control: { type: 'ephemeral' },
          },
        ],
      },
    ]);
    expect(messages.map((message) => message.role)).toEqual([
      'assistant',
      'tool',
      'user',
    ]);
    expect(messages[2]!.content).toEqual([
      { type: 'text', text: 'Now read it.' },
    ]);
  });

  it('should name the index and path of a block it cannot read', () => {
    let error: unknown;
    try {
      fromAnthropicMessages([
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [{ type: 'server_tool_use', id: 'x' }] },
      ]);
    } catch (caught) {
      error = caught;
    }
    expect(InvalidMessageError.isInstance(error)).toBe(true);
    expect((error as InvalidMessageError).index).toBe(1);
    expect((error as InvalidMessageError).path).toBe('content[0].type');
    expect((error as Error).message).toBe(
      'Invalid message at index 1 (invalid-content): content[0].type: unknown Anthropic block type "server_tool_use"',
    );
    expect(() =>
      fromAnthropicMessages([
        { role: 'user', content: [{ type: 'tool_use', id: 'x', name: 'y' }] },
      ]),
    ).toThrow(
      'content[0].type: a tool_use block belongs in an assistant message',
    );
    expect(() =>
      fromAnthropicMessages([{ role: 'system', content: 'x' }]),
    ).toThrow(
      'Invalid message at index 0 (unknown-role): role: expected "user" or "assistant", got "system"',
    );
  });
});
