import { describe, expect, it } from 'vitest';
import {
  openAIResponsesItems,
  openAIResponsesOutputItems,
} from './__fixtures__/openai-responses-items';
import { fromOpenAIResponsesItems } from './from-openai-responses-items';
import { toOpenAIResponsesItems } from './to-openai-responses-items';

const reasoning = {
  type: 'reasoning',
  text: '**Checking the weather**\n\nI will call get_weather for Paris.',
  providerMetadata: {
    openai: {
      itemId: 'rs_68c1a2b3c4d5e6f7',
      encryptedContent: 'gAAAAABoxyz-encrypted-reasoning==',
    },
  },
};

describe('fromOpenAIResponsesItems', () => {
  it('should make one assistant message of a response: reasoning, text and calls', () => {
    expect(fromOpenAIResponsesItems(openAIResponsesItems)).toEqual([
      {
        id: 'msg-0',
        role: 'system',
        content: [{ type: 'text', text: 'You are a weather assistant.' }],
      },
      {
        id: 'msg-1',
        role: 'user',
        content: [
          { type: 'text', text: 'What is the weather in Paris?' },
          {
            type: 'file',
            mediaType: 'image/*',
            data: 'https://example.com/paris.png',
          },
        ],
      },
      {
        id: 'msg-2',
        role: 'assistant',
        content: [
          reasoning,
          { type: 'text', text: 'Let me check.' },
          {
            type: 'tool-call',
            toolCallId: 'call_12345xyz',
            toolName: 'get_weather',
            input: { location: 'Paris, France' },
          },
        ],
      },
      {
        id: 'msg-3',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_12345xyz',
            toolName: 'get_weather',
            output: '{"temperature":15,"conditions":"light rain"}',
          },
        ],
      },
      {
        id: 'msg-4',
        role: 'assistant',
        content: [{ type: 'text', text: 'It is 15 °C with light rain.' }],
      },
    ]);
  });

  it('should round-trip the items through toOpenAIResponsesItems', () => {
    expect(
      toOpenAIResponsesItems(fromOpenAIResponsesItems(openAIResponsesItems)),
    ).toEqual(openAIResponsesItems);
  });

  it('should read easy input messages, fed-back output items and instructions', () => {
    const messages = fromOpenAIResponsesItems(openAIResponsesOutputItems, {
      instructions: 'Answer in one line.',
    });
    expect(messages).toEqual([
      {
        id: 'msg-0',
        role: 'system',
        content: [{ type: 'text', text: 'Answer in one line.' }],
      },
      {
        id: 'msg-1',
        role: 'system',
        content: [{ type: 'text', text: 'You are a weather assistant.' }],
      },
      {
        id: 'msg-2',
        role: 'user',
        content: [{ type: 'text', text: 'What is the weather in Paris?' }],
      },
      {
        id: 'msg-3',
        role: 'assistant',
        content: [
          {
            type: 'reasoning',
            text: '',
            providerMetadata: { openai: { itemId: 'rs_68c1a2b3c4d5e6f7' } },
          },
          {
            type: 'tool-call',
            toolCallId: 'call_12345xyz',
            toolName: 'get_weather',
            input: { location: 'Paris, France' },
          },
        ],
      },
      {
        id: 'msg-4',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_12345xyz',
            toolName: 'get_weather',
            output: 'not json: 15 degrees',
          },
        ],
      },
      {
        id: 'msg-5',
        role: 'assistant',
        content: [
          { type: 'text', text: 'It is 15 °C.' },
          { type: 'text', text: 'I cannot tell tomorrow.' },
        ],
      },
    ]);
    expect(fromOpenAIResponsesItems('Hello')).toEqual([
      { id: 'msg-0', role: 'user', content: [{ type: 'text', text: 'Hello' }] },
    ]);
  });

  it('should name the index and path of an item it cannot read', () => {
    expect(() =>
      fromOpenAIResponsesItems([
        { role: 'user', content: 'hi' },
        { type: 'web_search_call', id: 'ws_1', status: 'completed' },
      ]),
    ).toThrow(
      'Invalid message at index 1 (invalid-content): type: unknown Responses item type "web_search_call"',
    );
    expect(() =>
      fromOpenAIResponsesItems([
        { role: 'user', content: [{ type: 'input_audio', data: '' }] },
      ]),
    ).toThrow(
      'Invalid message at index 0 (invalid-content): content[0].type: unknown Responses content type "input_audio"',
    );
  });
});
