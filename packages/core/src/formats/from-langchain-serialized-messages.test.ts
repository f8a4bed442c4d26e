import { describe, expect, it } from 'vitest';
import {
  langChainConstructorMessages,
  langChainStoredMessages,
} from './__fixtures__/langchain-serialized-messages';
import { fromLangChainSerializedMessages } from './from-langchain-serialized-messages';

const expected = [
  {
    id: 'lc-0',
    role: 'system',
    content: [{ type: 'text', text: 'You are a weather assistant.' }],
  },
  {
    id: 'run-1-human',
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
    id: 'run-1-ai',
    role: 'assistant',
    content: [
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
    id: 'lc-3',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_12345xyz',
        toolName: 'get_weather',
        output: '15 degrees, light rain',
      },
    ],
  },
  {
    id: 'lc-4',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_12345xyz',
        toolName: 'get_weather',
        output: 'Unknown timezone',
        isError: true,
      },
    ],
  },
  {
    id: 'lc-5',
    role: 'user',
    content: [{ type: 'text', text: 'Anything else?' }],
  },
  {
    id: 'lc-6',
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'Nothing more to check.' },
      { type: 'text', text: 'It is 15 °C with light rain.' },
    ],
  },
];

describe('fromLangChainSerializedMessages', () => {
  it('should read stored messages (toDict, mapChatMessagesToStoredMessages)', () => {
    expect(fromLangChainSerializedMessages(langChainStoredMessages)).toEqual(
      expected,
    );
  });

  it('should read lc constructor JSON the same way', () => {
    expect(
      fromLangChainSerializedMessages(langChainConstructorMessages),
    ).toEqual(expected);
  });

  it("should read Python's constructor ids and OpenAI-style tool calls of older versions", () => {
    expect(
      fromLangChainSerializedMessages([
        {
          lc: 1,
          type: 'constructor',
          id: ['langchain', 'schema', 'messages', 'AIMessageChunk'],
          kwargs: {
            content: '',
            additional_kwargs: {
              tool_calls: [
                {
                  id: 'call_1',
                  type: 'function',
                  function: { name: 'ls', arguments: '{"path": "."}' },
                },
              ],
            },
          },
        },
      ]),
    ).toEqual([
      {
        id: 'lc-0',
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'ls',
            input: { path: '.' },
          },
        ],
      },
    ]);
  });

  it('should name the index of a message core has no role for', () => {
    expect(() =>
      fromLangChainSerializedMessages([
        { type: 'human', data: { content: 'hi' } },
        { type: 'function', data: { content: '1', name: 'f' } },
      ]),
    ).toThrow(
      'Invalid message at index 1 (unknown-role): type: core has no role for LangChain message type "function"',
    );
    expect(() => fromLangChainSerializedMessages([{ role: 'user' }])).toThrow(
      'Invalid message at index 0 (invalid-shape): expected a stored message { type, data } or lc constructor JSON',
    );
  });
});
