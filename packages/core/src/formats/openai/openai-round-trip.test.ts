import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadSharedConversations } from '../../testing/load-shared-conversations';
import { fromOpenAIMessages } from './from-openai-messages';
import { toOpenAIMessages } from './to-openai-messages';

const conversations = loadSharedConversations();

function roundTrip(messages: readonly unknown[]): unknown[] {
  return toOpenAIMessages(
    fromOpenAIMessages(messages, { invalidToolArguments: 'keep-raw' }),
  );
}

const call = (id: string, name: string, argumentsText: string) => ({
  id,
  type: 'function',
  function: { name, arguments: argumentsText },
});

/** One conversation per feature, each written the way real producers write it. */
const featureConversations: [string, unknown[]][] = [
  [
    'parallel tool calls with and without tool names',
    [
      { role: 'user', content: 'Both?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [call('a', 'f', '{"x":1}'), call('b', 'g', '{"y":2}')],
      },
      { role: 'tool', tool_call_id: 'a', name: 'f', content: '1' },
      { role: 'tool', tool_call_id: 'b', content: '2' },
      { role: 'assistant', content: 'Done.' },
    ],
  ],
  [
    'tool errors',
    [
      { role: 'user', content: 'Run' },
      { role: 'assistant', content: '', tool_calls: [call('a', 'run', '{}')] },
      {
        role: 'tool',
        tool_call_id: 'a',
        name: 'run',
        content: 'exit 1',
        is_error: true,
      },
      { role: 'assistant', content: 'It failed.', refusal: null },
    ],
  ],
  [
    'reasoning in both fields',
    [
      { role: 'user', content: 'Why?' },
      {
        role: 'assistant',
        content: 'Because.',
        reasoning_content: 'A',
        reasoning: 'B',
      },
      { role: 'assistant', reasoning: '', content: null },
    ],
  ],
  [
    'files, images and audio with extras',
    [
      {
        role: 'user',
        content: [
          { type: 'text', text: '', cache_control: { type: 'ephemeral' } },
          {
            type: 'image_url',
            image_url: { url: 'aGVsbG8=', detail: 'auto' },
            note: 1,
          },
          {
            type: 'image_url',
            image_url: { url: 'data:application/pdf;base64,JVBER' },
          },
          {
            type: 'input_audio',
            input_audio: { data: 'UklGR', format: 'flac' },
          },
          {
            type: 'file',
            file: { file_data: 'JVBER', file_id: 'file-1', filename: null },
          },
          { type: 'file', file: { file_id: 'file-2', filename: 'b.txt' } },
        ],
      },
    ],
  ],
  [
    'null, empty and missing content',
    [
      { role: 'system', content: '' },
      { role: 'user', content: [] },
      { role: 'assistant', content: null },
      { role: 'assistant' },
      { role: 'assistant', content: '', tool_calls: [call('a', 'f', '{}')] },
      { role: 'tool', tool_call_id: 'a', content: null },
      { role: 'assistant', tool_calls: [call('b', 'f', '{}')] },
      { role: 'tool', tool_call_id: 'b' },
      { role: 'assistant', content: [], tool_calls: [] },
    ],
  ],
  [
    'extras on messages, tool calls and functions',
    [
      {
        role: 'developer',
        content: [{ type: 'text', text: 'Rules' }],
        id: 'd1',
      },
      { role: 'user', content: 'Go', id: 42, name: null, metadata: { a: 1 } },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Calling' },
          { type: 'refusal', refusal: 'no', extra: true },
        ],
        tool_calls: [
          {
            index: 0,
            id: 'a',
            function: { name: 'f', arguments: '{}', strict: true },
          },
        ],
        tool_calls_extra: null,
      },
      {
        role: 'tool',
        tool_call_id: 'a',
        content: [
          { type: 'text', text: 'part one, ' },
          { type: 'text', text: 'part two' },
        ],
        is_error: 'maybe',
        id: 't1',
      },
      { role: 'assistant', content: 'Done', tool_calls: null },
    ],
  ],
  [
    'raw arguments with odd whitespace, escapes and invalid JSON',
    [
      { role: 'user', content: 'Go' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          call('a', 'f', '  {\n\t"path" : "caf\\u00e9\\/x",  "n": 1.0 }\n'),
          call('b', 'f', ''),
          call('c', 'f', '{"unterminated": '),
        ],
      },
      { role: 'tool', tool_call_id: 'a', content: 'ok' },
      { role: 'tool', tool_call_id: 'b', content: 'ok' },
      { role: 'tool', tool_call_id: 'c', content: 'ok' },
    ],
  ],
];

/** `fc.record` without null-prototype objects (JSON never makes them). */
const record = ((model: never, constraints?: object) =>
  fc.record(model, {
    ...constraints,
    noNullPrototype: true,
  })) as unknown as typeof fc.record;

const extraField = record(
  {
    x_trace: fc.jsonValue({ maxDepth: 2 }),
    logprobs: fc.constantFrom(null, { content: [] }),
    annotations: fc.array(fc.string(), { maxLength: 2 }),
  },
  { requiredKeys: [] },
);

const textPart = record(
  {
    type: fc.constant('text' as const),
    text: fc.string(),
    cache_control: fc.constant({ type: 'ephemeral' }),
  },
  { requiredKeys: ['type', 'text'] },
);

const userPart = fc.oneof(
  textPart,
  record({
    type: fc.constant('image_url'),
    image_url: record(
      {
        url: fc.constantFrom(
          'https://example.com/cat.png',
          'data:image/jpeg;base64,/9j/4AAQ',
          'iVBORw0KGgo=',
        ),
        detail: fc.constantFrom('auto', 'low', 'high'),
      },
      { requiredKeys: ['url'] },
    ),
  }),
  record({
    type: fc.constant('input_audio'),
    input_audio: record({
      data: fc.base64String({ maxLength: 12 }),
      format: fc.constantFrom('wav', 'mp3'),
    }),
  }),
  record({
    type: fc.constant('file'),
    file: fc.oneof(
      record(
        {
          file_data: fc.constantFrom('data:application/pdf;base64,JVBERi0='),
          filename: fc.constantFrom('report.pdf', 'a b.pdf'),
        },
        { requiredKeys: ['file_data'] },
      ),
      record({ file_id: fc.constantFrom('file-abc', 'file-xyz') }),
    ),
  }),
);

const assistantPart = fc.oneof(
  textPart,
  record({ type: fc.constant('refusal'), refusal: fc.string() }),
);

/** Content as a string, `null`, missing (`undefined` here, removed) or parts. */
function content<TPart>(part: fc.Arbitrary<TPart>, allowNull: boolean) {
  return fc.oneof(
    fc.string(),
    fc.constant(''),
    fc.array(part, { maxLength: 3 }),
    ...(allowNull ? [fc.constant(null), fc.constant(undefined)] : []),
  );
}

const argumentsText = fc
  .tuple(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(0, 1, 2, '\t'),
    fc.constantFrom('', ' ', '\n'),
  )
  .map(
    ([value, indent, padding]) =>
      `${padding}${JSON.stringify(value, null, indent)}${padding}`,
  );

const toolName = fc.constantFrom('bash', 'search', 'read_file');

const step = record({
  content: content(assistantPart, true),
  reasoningContent: fc.option(fc.string(), { nil: undefined }),
  reasoning: fc.option(fc.string(), { nil: undefined }),
  calls: fc.array(
    record({
      name: toolName,
      arguments: argumentsText,
      withName: fc.boolean(),
      isError: fc.option(fc.boolean(), { nil: undefined }),
      result: content(textPart, false),
      extra: extraField,
    }),
    { maxLength: 3 },
  ),
  extra: extraField,
});

const turn = record({
  user: content(userPart, false),
  name: fc.option(fc.constantFrom('alice', 'bob'), { nil: undefined }),
  steps: fc.array(step, { minLength: 1, maxLength: 3 }),
  withIds: fc.boolean(),
  extra: extraField,
});

const conversation = fc
  .record({
    system: fc.option(
      record({
        role: fc.constantFrom('system', 'developer'),
        content: content(textPart, false),
      }),
      { nil: undefined },
    ),
    turns: fc.array(turn, { minLength: 1, maxLength: 4 }),
  })
  .map(({ system, turns }) => {
    const messages: Record<string, unknown>[] = [];
    const push = (message: Record<string, unknown>, withId: boolean) => {
      const copy: Record<string, unknown> = { ...message };
      for (const key of Object.keys(copy)) {
        if (copy[key] === undefined) delete copy[key];
      }
      if (withId) copy.id = `m${messages.length}`;
      messages.push(copy);
    };
    if (system !== undefined) push(system, false);
    let callCount = 0;
    for (const { user, name, steps, withIds, extra } of turns) {
      push({ role: 'user', content: user, name, ...extra }, withIds);
      for (const current of steps) {
        const ids = current.calls.map(() => `call_${callCount++}`);
        push(
          {
            role: 'assistant',
            content: current.content,
            reasoning_content: current.reasoningContent,
            reasoning: current.reasoning,
            ...(ids.length > 0
              ? {
                  tool_calls: current.calls.map((planned, position) =>
                    call(ids[position]!, planned.name, planned.arguments),
                  ),
                }
              : {}),
            ...current.extra,
          },
          withIds,
        );
        current.calls.forEach((planned, position) => {
          push(
            {
              role: 'tool',
              tool_call_id: ids[position],
              content: planned.result,
              name: planned.withName ? planned.name : undefined,
              is_error: planned.isError,
              ...planned.extra,
            },
            withIds,
          );
        });
      }
    }
    return messages;
  });

describe('toOpenAIMessages', () => {
  it('should load every shared conversation', () => {
    expect(
      conversations.filter((conversation) => conversation.dataset === 'swe'),
    ).toHaveLength(107);
    expect(
      conversations.filter((conversation) => conversation.dataset === 'tau'),
    ).toHaveLength(152);
  });

  it.each(
    conversations.map(
      (conversation) => [conversation.id, conversation] as const,
    ),
  )('should reproduce shared conversation %s exactly', (_id, conversation) => {
    const messages = fromOpenAIMessages(conversation.messages);
    expect(messages).toHaveLength(conversation.messages.length);
    expect(toOpenAIMessages(messages)).toStrictEqual(conversation.messages);
  });

  it.each(featureConversations)(
    'should reproduce %s exactly',
    (_description, messages) => {
      expect(roundTrip(messages)).toStrictEqual(messages);
    },
  );

  it('should reproduce generated conversations exactly', () => {
    fc.assert(
      fc.property(conversation, (messages) => {
        expect(roundTrip(messages)).toStrictEqual(messages);
      }),
      { numRuns: 300 },
    );
  });

  it('should reproduce generated conversations exactly after a JSON round trip of the core messages', () => {
    fc.assert(
      // OpenAI messages arrive as JSON: normalize the generated input the same
      // way (fc.jsonValue may produce -0, which JSON writes as 0).
      fc.property(conversation.map(asJson), (messages) => {
        const stored = JSON.parse(
          JSON.stringify(fromOpenAIMessages(messages)),
        ) as ReturnType<typeof fromOpenAIMessages>;
        expect(toOpenAIMessages(stored)).toStrictEqual(messages);
      }),
      { numRuns: 100 },
    );
  });

  it('should write only documented fields in the strict dialect', () => {
    const allowed: Record<string, string[]> = {
      system: ['role', 'content', 'name'],
      developer: ['role', 'content', 'name'],
      user: ['role', 'content', 'name'],
      assistant: ['role', 'content', 'name', 'tool_calls', 'refusal'],
      tool: ['role', 'content', 'tool_call_id'],
    };
    fc.assert(
      fc.property(conversation, (messages) => {
        const strict = toOpenAIMessages(fromOpenAIMessages(messages), {
          dialect: 'strict',
        });
        expect(strict).toHaveLength(messages.length);
        for (const message of strict) {
          const unexpected = Object.keys(message).filter(
            (key) => !allowed[message.role]!.includes(key),
          );
          expect(unexpected).toStrictEqual([]);
          expect('content' in message).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });
});

function asJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
