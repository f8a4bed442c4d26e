import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import type { Message } from '../../vocabulary/message/message';
import { fromOpenAIMessages } from './from-openai-messages';
import { toOpenAIMessages } from './to-openai-messages';

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

const acmConversation: Message[] = [
  {
    id: 'a',
    role: 'system',
    content: [{ type: 'text', text: 'You are helpful.' }],
  },
  { id: 'b', role: 'user', content: [{ type: 'text', text: 'Check both.' }] },
  {
    id: 'c',
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'Two lookups.' },
      { type: 'text', text: 'Looking them up.' },
      {
        type: 'tool-call',
        toolCallId: 'call_1',
        toolName: 'lookup',
        input: { key: 'x' },
      },
      {
        type: 'tool-call',
        toolCallId: 'call_2',
        toolName: 'lookup',
        input: { key: 'y' },
      },
    ],
  },
  {
    id: 'd',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'lookup',
        output: { value: 1 },
      },
      {
        type: 'tool-result',
        toolCallId: 'call_2',
        toolName: 'lookup',
        output: 'not found',
        isError: true,
      },
    ],
    metadata: { acm: { kind: 'offload-stub' } },
  },
  {
    id: 'e',
    role: 'assistant',
    content: [
      {
        type: 'tool-call',
        toolCallId: 'call_3',
        toolName: 'finish',
        input: undefined,
      },
    ],
  },
];

describe('toOpenAIMessages', () => {
  it('should convert messages ACM created in the lossless dialect', () => {
    expect(toOpenAIMessages(acmConversation)).toStrictEqual([
      { role: 'system', content: 'You are helpful.' },
      { role: 'user', content: 'Check both.' },
      {
        role: 'assistant',
        content: 'Looking them up.',
        reasoning_content: 'Two lookups.',
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'lookup', arguments: '{"key":"x"}' },
          },
          {
            id: 'call_2',
            type: 'function',
            function: { name: 'lookup', arguments: '{"key":"y"}' },
          },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content: '{"value":1}',
        name: 'lookup',
      },
      {
        role: 'tool',
        tool_call_id: 'call_2',
        content: 'not found',
        name: 'lookup',
        is_error: true,
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_3',
            type: 'function',
            function: { name: 'finish', arguments: '{}' },
          },
        ],
      },
    ]);
  });

  it('should convert messages ACM created in the strict dialect', () => {
    expect(
      toOpenAIMessages(acmConversation, { dialect: 'strict' }).slice(2, 5),
    ).toStrictEqual([
      {
        role: 'assistant',
        content: 'Looking them up.',
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'lookup', arguments: '{"key":"x"}' },
          },
          {
            id: 'call_2',
            type: 'function',
            function: { name: 'lookup', arguments: '{"key":"y"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"value":1}' },
      { role: 'tool', tool_call_id: 'call_2', content: 'not found' },
    ]);
  });

  it('should write only documented fields in the strict dialect', () => {
    const messages = fromOpenAIMessages([
      { role: 'developer', content: 'Be brief.', id: 'm0', x_trace: 1 },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'See', cache_control: { type: 'ephemeral' } },
          {
            type: 'image_url',
            image_url: { url: 'https://x/a.png', detail: 'high', extra: 1 },
          },
        ],
      },
      {
        role: 'assistant',
        reasoning_content: 'Hmm.',
        refusal: null,
        logprobs: null,
        tool_calls: [
          {
            id: 'c',
            function: { name: 'f', arguments: '{ "a": 1 }', strict: true },
            index: 0,
          },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'c',
        name: 'f',
        is_error: true,
        content: null,
      },
      { role: 'assistant', content: 'Done.', tool_calls: [] },
    ]);
    expect(toOpenAIMessages(messages, { dialect: 'strict' })).toStrictEqual([
      { role: 'developer', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'See' },
          {
            type: 'image_url',
            image_url: { url: 'https://x/a.png', detail: 'high' },
          },
        ],
      },
      {
        role: 'assistant',
        content: null,
        refusal: null,
        tool_calls: [
          {
            id: 'c',
            type: 'function',
            function: { name: 'f', arguments: '{ "a": 1 }' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'c', content: '' },
      { role: 'assistant', content: 'Done.' },
    ]);
  });

  it('should write file parts without metadata by their media type', () => {
    const [user] = toOpenAIMessages([
      {
        id: 'a',
        role: 'user',
        content: [
          { type: 'file', mediaType: 'image/png', data: 'iVBOR' },
          { type: 'file', mediaType: 'image/jpeg', data: 'https://x/a.jpg' },
          {
            type: 'file',
            mediaType: 'audio/wav',
            data: 'data:audio/wav;base64,UklGR',
          },
          {
            type: 'file',
            mediaType: 'application/pdf',
            data: 'JVBER',
            filename: 'a.pdf',
          },
        ],
      },
    ]);
    expect(user).toStrictEqual({
      role: 'user',
      content: [
        {
          type: 'image_url',
          image_url: { url: 'data:image/png;base64,iVBOR' },
        },
        { type: 'image_url', image_url: { url: 'https://x/a.jpg' } },
        { type: 'input_audio', input_audio: { data: 'UklGR', format: 'wav' } },
        {
          type: 'file',
          file: {
            file_data: 'data:application/pdf;base64,JVBER',
            filename: 'a.pdf',
          },
        },
      ],
    });
  });

  it('should write edited tool-call input instead of stale raw arguments', () => {
    const [, assistant] = fromOpenAIMessages([
      { role: 'user', content: 'Go' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'c',
            type: 'function',
            function: { name: 'write', arguments: '{"text": "long text"}' },
          },
        ],
      },
    ]);
    const edited: Message = {
      ...assistant!,
      content: [
        {
          type: 'tool-call',
          toolCallId: 'c',
          toolName: 'write',
          input: { text: 'short' },
        },
      ],
    };
    expect(
      toOpenAIMessages([assistant!, edited]).map((message) => message),
    ).toStrictEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'c',
            type: 'function',
            function: { name: 'write', arguments: '{"text": "long text"}' },
          },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'c',
            type: 'function',
            function: { name: 'write', arguments: '{"text":"short"}' },
          },
        ],
      },
    ]);
  });

  it('should write text that replaced null content', () => {
    const [message] = fromOpenAIMessages([
      { role: 'assistant', content: null },
    ]);
    const edited: Message = {
      ...message!,
      content: [{ type: 'text', text: 'Summary.' }],
    };
    expect(toOpenAIMessages([message!, edited])).toStrictEqual([
      { role: 'assistant', content: null },
      { role: 'assistant', content: 'Summary.' },
    ]);
  });

  it('should join several text parts and reasoning parts with a newline', () => {
    expect(
      toOpenAIMessages([
        {
          id: 'a',
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'One.' },
            { type: 'reasoning', text: 'Two.' },
            { type: 'text', text: 'First.' },
            { type: 'text', text: 'Second.' },
          ],
        },
      ]),
    ).toStrictEqual([
      {
        role: 'assistant',
        content: 'First.\nSecond.',
        reasoning_content: 'One.\nTwo.',
      },
    ]);
  });

  it('should reject a dialect it does not know', () => {
    const error = catchError(() =>
      toOpenAIMessages([], { dialect: 'loose' as 'strict' }),
    );
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ parameter: 'dialect', value: 'loose' });
  });

  it.each([
    [
      'a file part in an assistant message',
      {
        id: 'a',
        role: 'assistant',
        content: [{ type: 'file', mediaType: 'image/png', data: 'x' }],
      },
    ],
    [
      'a tool-call part in a user message',
      {
        id: 'a',
        role: 'user',
        content: [
          { type: 'tool-call', toolCallId: 'c', toolName: 'f', input: {} },
        ],
      },
    ],
    [
      'a tool message without a tool result',
      { id: 'a', role: 'tool', content: [] },
    ],
    [
      'a text part in a tool message',
      { id: 'a', role: 'tool', content: [{ type: 'text', text: 'x' }] },
    ],
    [
      'a reasoning part in a system message',
      { id: 'a', role: 'system', content: [{ type: 'reasoning', text: 'x' }] },
    ],
  ] satisfies [string, Message][])(
    'should reject %s with its index',
    (_description, message) => {
      const valid: Message = {
        id: 'z',
        role: 'user',
        content: [{ type: 'text', text: 'Hi' }],
      };
      const error = catchError(() => toOpenAIMessages([valid, message]));
      expect(InvalidMessageError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ index: 1, reason: 'invalid-content' });
    },
  );
});
