import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import type { InvalidMessageReason } from '../../vocabulary/error/invalid-message-error';
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

function deepFreeze<TValue>(value: TValue): TValue {
  if (typeof value === 'object' && value !== null) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

describe('fromOpenAIMessages', () => {
  it('should convert a plain conversation with deterministic ids', () => {
    const messages = fromOpenAIMessages([
      { role: 'system', content: 'You are helpful.' },
      { role: 'user', content: 'Hi', name: 'alice' },
      { role: 'assistant', content: 'Hello!' },
    ]);
    expect(messages).toStrictEqual([
      {
        id: 'msg-0',
        role: 'system',
        content: [{ type: 'text', text: 'You are helpful.' }],
      },
      {
        id: 'msg-1',
        role: 'user',
        name: 'alice',
        content: [{ type: 'text', text: 'Hi' }],
      },
      {
        id: 'msg-2',
        role: 'assistant',
        content: [{ type: 'text', text: 'Hello!' }],
      },
    ]);
  });

  it('should use the id field of an input message and the generateId option otherwise', () => {
    const messages = fromOpenAIMessages(
      [
        { role: 'user', content: 'Hi', id: 'user-1' },
        { role: 'assistant', content: 'Hello!' },
      ],
      { generateId: (index) => `generated-${index}` },
    );
    expect(messages.map((message) => message.id)).toStrictEqual([
      'user-1',
      'generated-1',
    ]);
    expect(messages[0]!.metadata).toStrictEqual({ openai: { id: true } });
    expect(messages[1]!.metadata).toBeUndefined();
  });

  it('should convert parallel tool calls and their results', () => {
    const messages = fromOpenAIMessages([
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'weather', arguments: '{"city":"Paris"}' },
          },
          {
            id: 'call_2',
            type: 'function',
            function: { name: 'weather', arguments: '{"city":"Rome"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', name: 'weather', content: '18C' },
      { role: 'tool', tool_call_id: 'call_2', content: '24C' },
    ]);
    expect(messages.slice(1)).toStrictEqual([
      {
        id: 'msg-1',
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'weather',
            input: { city: 'Paris' },
          },
          {
            type: 'tool-call',
            toolCallId: 'call_2',
            toolName: 'weather',
            input: { city: 'Rome' },
          },
        ],
      },
      {
        id: 'msg-2',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'weather',
            output: '18C',
          },
        ],
      },
      {
        id: 'msg-3',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_2',
            toolName: 'weather',
            output: '24C',
          },
        ],
        metadata: { openai: { toolName: 'from-call' } },
      },
    ]);
  });

  it('should keep raw arguments whose JSON.stringify differs', () => {
    const raw = '{ "command":  "ls -la",\n  "timeout": 10 }';
    const [, assistant] = fromOpenAIMessages([
      { role: 'user', content: 'List files' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'bash', arguments: raw },
          },
        ],
      },
    ]);
    expect(assistant).toStrictEqual({
      id: 'msg-1',
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: 'call_1',
          toolName: 'bash',
          input: { command: 'ls -la', timeout: 10 },
        },
      ],
      metadata: {
        openai: {
          content: 'string',
          toolCalls: [{ id: 'call_1', arguments: raw }],
        },
      },
    });
  });

  it('should read is_error into isError', () => {
    const [, , failed, succeeded] = fromOpenAIMessages([
      { role: 'user', content: 'Run it' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'run', arguments: '{}' },
          },
          {
            id: 'call_2',
            type: 'function',
            function: { name: 'run', arguments: '{}' },
          },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'call_1',
        name: 'run',
        content: 'boom',
        is_error: true,
      },
      {
        role: 'tool',
        tool_call_id: 'call_2',
        name: 'run',
        content: 'ok',
        is_error: false,
      },
    ]);
    expect(failed!.content).toStrictEqual([
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'run',
        output: 'boom',
        isError: true,
      },
    ]);
    expect(succeeded!.content).toStrictEqual([
      {
        type: 'tool-result',
        toolCallId: 'call_2',
        toolName: 'run',
        output: 'ok',
        isError: false,
      },
    ]);
  });

  it('should read reasoning fields into reasoning parts before the text', () => {
    const [message] = fromOpenAIMessages([
      {
        role: 'assistant',
        reasoning: 'Think first.',
        content: 'Answer.',
        reasoning_content: 'Then think again.',
      },
    ]);
    expect(message).toStrictEqual({
      id: 'msg-0',
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Think first.' },
        { type: 'reasoning', text: 'Then think again.' },
        { type: 'text', text: 'Answer.' },
      ],
      metadata: { openai: { reasoning: ['reasoning', 'reasoning_content'] } },
    });
  });

  it('should read a developer message as a system message', () => {
    expect(
      fromOpenAIMessages([{ role: 'developer', content: 'Be brief.' }]),
    ).toStrictEqual([
      {
        id: 'msg-0',
        role: 'system',
        content: [{ type: 'text', text: 'Be brief.' }],
        metadata: { openai: { role: 'developer' } },
      },
    ]);
  });

  it('should read image, audio and file parts into file parts', () => {
    const [message] = fromOpenAIMessages([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look:' },
          {
            type: 'image_url',
            image_url: { url: 'data:image/png;base64,iVBOR', detail: 'low' },
          },
          {
            type: 'image_url',
            image_url: { url: 'https://example.com/a.jpg' },
          },
          {
            type: 'input_audio',
            input_audio: { data: 'UklGR', format: 'mp3' },
          },
          {
            type: 'file',
            file: {
              file_data: 'data:application/pdf;base64,JVBER',
              filename: 'a.pdf',
            },
          },
          { type: 'file', file: { file_id: 'file-123' } },
        ],
      },
    ]);
    expect(message!.content).toStrictEqual([
      { type: 'text', text: 'Look:' },
      {
        type: 'file',
        mediaType: 'image/png',
        data: 'data:image/png;base64,iVBOR',
      },
      { type: 'file', mediaType: 'image/*', data: 'https://example.com/a.jpg' },
      { type: 'file', mediaType: 'audio/mpeg', data: 'UklGR' },
      {
        type: 'file',
        mediaType: 'application/pdf',
        data: 'data:application/pdf;base64,JVBER',
        filename: 'a.pdf',
      },
      {
        type: 'file',
        mediaType: 'application/octet-stream',
        data: 'file-123',
      },
    ]);
    expect(message!.metadata).toStrictEqual({
      openai: {
        parts: [
          null,
          { kind: 'image_url', inner: { detail: 'low' } },
          { kind: 'image_url' },
          { kind: 'input_audio', format: 'mp3' },
          { kind: 'file', source: 'file_data' },
          { kind: 'file', source: 'file_id' },
        ],
      },
    });
  });

  it('should record null, empty and missing content where the default differs', () => {
    const messages = fromOpenAIMessages([
      { role: 'assistant', content: null },
      { role: 'assistant', content: '' },
      { role: 'assistant' },
      { role: 'user', content: '' },
      { role: 'user', content: [] },
    ]);
    expect(
      messages.map((message) => [message.content, message.metadata]),
    ).toStrictEqual([
      [[], { openai: { content: 'null' } }],
      [[], undefined],
      [[], { openai: { content: 'missing' } }],
      [[], undefined],
      [[], { openai: { content: 'parts' } }],
    ]);
  });

  it('should keep unknown fields verbatim in metadata.openai.extra', () => {
    const [message] = fromOpenAIMessages([
      {
        role: 'assistant',
        content: 'Hi',
        refusal: null,
        logprobs: { content: [] },
        name: 42,
      },
    ]);
    const extra = (message!.metadata!.openai as { extra: object }).extra;
    expect(Object.keys(extra)).toStrictEqual(['refusal', 'logprobs', 'name']);
    expect(extra).toMatchObject({
      refusal: null,
      logprobs: { content: [] },
      name: 42,
    });
    expect(message!.name).toBeUndefined();
  });

  it('should keep an own __proto__ field as a field', () => {
    const input = JSON.parse(
      '{"role":"user","content":"Hi","__proto__":{"polluted":true}}',
    ) as unknown;
    const [message] = fromOpenAIMessages([input]);
    const extra = (message!.metadata!.openai as { extra: object }).extra;
    expect(Object.keys(extra)).toStrictEqual(['__proto__']);
    expect(Object.getPrototypeOf(extra)).toBe(Object.prototype);
  });

  it('should accept a tool call id reused after its first call has its result', () => {
    const call = (name: string) => ({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name, arguments: '{}' } },
      ],
    });
    const messages = fromOpenAIMessages([
      { role: 'user', content: 'Go' },
      call('first'),
      { role: 'tool', tool_call_id: 'call_1', content: 'one' },
      call('second'),
      { role: 'tool', tool_call_id: 'call_1', content: 'two' },
    ]);
    expect(
      messages.slice(2).map((message) => message.content[0]),
    ).toStrictEqual([
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'first',
        output: 'one',
      },
      {
        type: 'tool-call',
        toolCallId: 'call_1',
        toolName: 'second',
        input: {},
      },
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'second',
        output: 'two',
      },
    ]);
  });

  it('should keep non-JSON arguments as a raw string with keep-raw', () => {
    const [, assistant] = fromOpenAIMessages(
      [
        { role: 'user', content: 'Go' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'bash', arguments: '{"command": "ls' },
            },
          ],
        },
      ],
      { invalidToolArguments: 'keep-raw' },
    );
    expect(assistant).toStrictEqual({
      id: 'msg-1',
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: 'call_1',
          toolName: 'bash',
          input: '{"command": "ls',
        },
      ],
      metadata: {
        openai: { toolCalls: [{ id: 'call_1', invalidArguments: true }] },
      },
    });
  });

  it('should keep an orphan tool result with orphanToolResults keep', () => {
    const messages = fromOpenAIMessages(
      [
        { role: 'user', content: 'Go' },
        { role: 'tool', tool_call_id: 'call_9', content: 'late' },
        { role: 'tool', tool_call_id: 'call_8', name: 'bash', content: 'ok' },
      ],
      { orphanToolResults: 'keep' },
    );
    expect(messages.slice(1)).toStrictEqual([
      {
        id: 'msg-1',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_9',
            toolName: '',
            output: 'late',
          },
        ],
        metadata: { openai: { toolName: 'from-call' } },
      },
      {
        id: 'msg-2',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_8',
            toolName: 'bash',
            output: 'ok',
          },
        ],
      },
    ]);
  });

  it('should join the text parts of a tool message and record their lengths', () => {
    const [, , tool] = fromOpenAIMessages([
      { role: 'user', content: 'Go' },
      {
        role: 'assistant',
        tool_calls: [
          {
            id: 'c',
            type: 'function',
            function: { name: 'f', arguments: '{}' },
          },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'c',
        name: 'f',
        content: [
          { type: 'text', text: 'ab' },
          { type: 'text', text: 'cde', cache_control: { type: 'ephemeral' } },
        ],
      },
    ]);
    expect(tool).toStrictEqual({
      id: 'msg-2',
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c',
          toolName: 'f',
          output: 'abcde',
        },
      ],
      metadata: {
        openai: {
          content: 'parts',
          parts: [
            { length: 2 },
            { extra: { cache_control: { type: 'ephemeral' } }, length: 3 },
          ],
        },
      },
    });
  });

  it('should not modify its input', () => {
    const input = deepFreeze([
      { role: 'user', content: [{ type: 'text', text: 'Hi', extra: 1 }] },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'c',
            type: 'function',
            function: { name: 'f', arguments: '{ }' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'c', content: 'ok' },
    ]);
    const copy = structuredClone(input);
    fromOpenAIMessages(input);
    expect(input).toStrictEqual(copy);
  });

  it('should reject an option value it does not know', () => {
    const error = catchError(() =>
      fromOpenAIMessages([], {
        invalidToolArguments: 'drop' as 'error',
      }),
    );
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      parameter: 'invalidToolArguments',
      value: 'drop',
    });
  });

  const call = (id: string, argumentsText: unknown = '{}') => ({
    id,
    type: 'function',
    function: { name: 'f', arguments: argumentsText },
  });
  const malformed: [string, unknown[], number, InvalidMessageReason][] = [
    [
      'a message that is not an object',
      [{ role: 'user', content: 'a' }, 'hello'],
      1,
      'invalid-shape',
    ],
    [
      'a message without a role',
      [{ role: 'user', content: 'a' }, { content: 'b' }],
      1,
      'invalid-shape',
    ],
    [
      'a tool message without tool_call_id',
      [{ role: 'tool', content: 'b' }],
      0,
      'invalid-shape',
    ],
    [
      'an unknown role',
      [
        { role: 'user', content: 'a' },
        { role: 'critic', content: 'b' },
      ],
      1,
      'unknown-role',
    ],
    [
      'duplicate message ids',
      [
        { role: 'user', content: 'a', id: 'm' },
        { role: 'assistant', content: 'b', id: 'm' },
      ],
      1,
      'duplicate-message-id',
    ],
    [
      'an input id that collides with a generated id',
      [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b', id: 'msg-0' },
      ],
      1,
      'duplicate-message-id',
    ],
    [
      'a tool call id used twice in one message',
      [
        { role: 'user', content: 'a' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [call('c'), call('c')],
        },
      ],
      1,
      'duplicate-tool-call-id',
    ],
    [
      'a tool call id reused while its call waits for its result',
      [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: null, tool_calls: [call('c')] },
        { role: 'user', content: 'b' },
        { role: 'assistant', content: null, tool_calls: [call('c')] },
      ],
      3,
      'duplicate-tool-call-id',
    ],
    [
      'a second result for one call',
      [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: null, tool_calls: [call('c')] },
        { role: 'tool', tool_call_id: 'c', content: '1' },
        { role: 'tool', tool_call_id: 'c', content: '2' },
      ],
      3,
      'duplicate-tool-call-id',
    ],
    [
      'a tool result without a call',
      [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: null, tool_calls: [call('c')] },
        { role: 'tool', tool_call_id: 'c', content: '1' },
        { role: 'tool', tool_call_id: 'd', content: '2' },
      ],
      3,
      'orphan-tool-result',
    ],
    [
      'tool arguments that are not JSON',
      [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: null, tool_calls: [call('c', '{"a": ')] },
      ],
      1,
      'invalid-tool-arguments',
    ],
    [
      'tool arguments that are not a string',
      [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: null, tool_calls: [call('c', { a: 1 })] },
      ],
      1,
      'invalid-tool-arguments',
    ],
    [
      'content that is a number',
      [{ role: 'user', content: 42 }],
      0,
      'invalid-content',
    ],
    [
      'a part of an unknown type',
      [{ role: 'user', content: [{ type: 'video', video: {} }] }],
      0,
      'invalid-content',
    ],
    [
      'an image in an assistant message',
      [
        { role: 'user', content: 'a' },
        {
          role: 'assistant',
          content: [{ type: 'image_url', image_url: { url: 'https://x' } }],
        },
      ],
      1,
      'invalid-content',
    ],
    [
      'a text part without text',
      [{ role: 'system', content: [{ type: 'text' }] }],
      0,
      'invalid-content',
    ],
    [
      'a file part without data or id',
      [{ role: 'user', content: [{ type: 'file', file: { filename: 'a' } }] }],
      0,
      'invalid-content',
    ],
    [
      'tool_calls that is not an array',
      [{ role: 'assistant', content: null, tool_calls: {} }],
      0,
      'invalid-content',
    ],
    [
      'a tool call of another type',
      [
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'c', type: 'custom', custom: { name: 'f', input: '' } },
          ],
        },
      ],
      0,
      'invalid-content',
    ],
    [
      'a user message without content',
      [{ role: 'system', content: 'a' }, { role: 'user' }],
      1,
      'invalid-content',
    ],
    [
      'a user message with null content',
      [{ role: 'user', content: null }],
      0,
      'invalid-content',
    ],
    [
      'a system message without content',
      [{ role: 'system' }],
      0,
      'invalid-content',
    ],
    [
      'a developer message with null content',
      [{ role: 'developer', content: null }],
      0,
      'invalid-content',
    ],
    [
      'a message whose getter throws',
      [
        { role: 'user', content: 'a' },
        {
          role: 'user',
          get content(): never {
            throw new Error('unreadable');
          },
        },
      ],
      1,
      'invalid-shape',
    ],
  ];

  it('should name a user message without content and keep a throwing getter as the cause', () => {
    expect(
      catchError(() => fromOpenAIMessages([{ role: 'user' }])),
    ).toMatchObject({
      message:
        'Invalid message at index 0 (invalid-content): content: a user message needs a string or an array of parts, got nothing',
    });
    const unreadable = new Error('unreadable');
    const error = catchError(() =>
      fromOpenAIMessages([
        {
          role: 'user',
          get content(): never {
            throw unreadable;
          },
        },
      ]),
    );
    expect(error).toMatchObject({
      message:
        'Invalid message at index 0 (invalid-shape): the message could not be read: unreadable',
      cause: unreadable,
    });
  });

  it.each(malformed)(
    'should reject %s with the index and reason',
    (_description, input, index, reason) => {
      const error = catchError(() => fromOpenAIMessages(input));
      expect(InvalidMessageError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'INVALID_MESSAGE', index, reason });
    },
  );
});

describe('fromOpenAIMessages on shapes real providers and old SDKs send', () => {
  it('should read empty arguments as no arguments and write them back', () => {
    const messages = [
      { role: 'user', content: 'What time is it?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'get_time', arguments: '' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '12:00' },
    ];
    const core = fromOpenAIMessages(messages);

    expect(core[1]!.content).toEqual([
      {
        type: 'tool-call',
        toolCallId: 'call_1',
        toolName: 'get_time',
        input: {},
      },
    ]);
    expect(toOpenAIMessages(core, { dialect: 'lossless' })).toEqual(messages);
  });

  it('should read the legacy function_call and function role and write them back', () => {
    const messages = [
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        function_call: { name: 'get_weather', arguments: '{"city":"Paris"}' },
      },
      { role: 'function', name: 'get_weather', content: 'sunny' },
      { role: 'assistant', content: 'It is sunny.' },
    ];
    const core = fromOpenAIMessages(messages);

    expect(core.slice(1, 3).map((message) => message.content)).toEqual([
      [
        {
          type: 'tool-call',
          toolCallId: 'msg-1-function-call',
          toolName: 'get_weather',
          input: { city: 'Paris' },
        },
      ],
      [
        {
          type: 'tool-result',
          toolCallId: 'msg-1-function-call',
          toolName: 'get_weather',
          output: 'sunny',
        },
      ],
    ]);
    expect(core[2]!.role).toBe('tool');
    expect(toOpenAIMessages(core, { dialect: 'lossless' })).toEqual(messages);
    // Providers get the modern shape.
    expect(toOpenAIMessages(core, { dialect: 'strict' }).slice(1, 3)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'msg-1-function-call',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'msg-1-function-call', content: 'sunny' },
    ]);
  });

  it('should reject a legacy function result without its call as an orphan', () => {
    let caught: unknown;
    try {
      fromOpenAIMessages([{ role: 'function', name: 'f', content: 'x' }]);
    } catch (error) {
      caught = error;
    }
    expect(InvalidMessageError.isInstance(caught)).toBe(true);
    expect((caught as InvalidMessageError).reason).toBe('orphan-tool-result');
  });

  it.each([
    ['an object', { length: 0 }],
    ['a string', ''],
    ['null', null],
    ['undefined', undefined],
    ['a number', 3],
  ])(
    'should reject %s instead of an array with an InvalidArgumentError',
    (_label, value) => {
      let caught: unknown;
      try {
        fromOpenAIMessages(value as unknown as unknown[]);
      } catch (error) {
        caught = error;
      }
      expect(InvalidArgumentError.isInstance(caught)).toBe(true);
      expect((caught as InvalidArgumentError).parameter).toBe('messages');
    },
  );
});
