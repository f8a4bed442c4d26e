import { describe, expect, it } from 'vitest';
import { aiSdkModelMessages } from './__fixtures__/ai-sdk-model-messages';
import { fromModelMessages } from './from-model-messages';

describe('fromModelMessages', () => {
  it('should read AI SDK model messages of every role', () => {
    expect(fromModelMessages(aiSdkModelMessages)).toEqual([
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
          {
            type: 'file',
            mediaType: 'application/pdf',
            data: 'JVBERi0xLjQK',
            filename: 'forecast.pdf',
          },
        ],
      },
      {
        id: 'msg-2',
        role: 'assistant',
        content: [
          {
            type: 'reasoning',
            text: 'I should call get_weather.',
            providerMetadata: { anthropic: { signature: 'EqQBCgIYAh' } },
          },
          { type: 'text', text: 'Let me check.' },
          {
            type: 'tool-call',
            toolCallId: 'call_12345xyz',
            toolName: 'get_weather',
            input: { location: 'Paris, France' },
          },
          {
            type: 'tool-call',
            toolCallId: 'call_67890abc',
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
            toolCallId: 'call_12345xyz',
            toolName: 'get_weather',
            output: { temperature: 15, conditions: 'light rain' },
          },
          {
            type: 'tool-result',
            toolCallId: 'call_67890abc',
            toolName: 'get_time',
            output: 'Unknown timezone',
            isError: true,
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

  it('should read the args and result fields of older versions', () => {
    expect(
      fromModelMessages([
        {
          role: 'assistant',
          content: [
            {
              type: 'tool-call',
              toolCallId: 'c',
              toolName: 't',
              args: { a: 1 },
            },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c',
              toolName: 't',
              result: 'ok',
            },
          ],
        },
      ]).map((message) => message.content[0]),
    ).toEqual([
      { type: 'tool-call', toolCallId: 'c', toolName: 't', input: { a: 1 } },
      { type: 'tool-result', toolCallId: 'c', toolName: 't', output: 'ok' },
    ]);
  });

  it('should name the index and path of a part it cannot read', () => {
    expect(() =>
      fromModelMessages([
        { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'c' }],
        },
      ]),
    ).toThrow(
      'Invalid message at index 1 (invalid-content): content[0].toolName: expected a string, got nothing',
    );
    expect(() =>
      fromModelMessages([{ role: 'user', content: [{ type: 'video' }] }]),
    ).toThrow('content[0].type: unknown AI SDK part type "video"');
  });
});
