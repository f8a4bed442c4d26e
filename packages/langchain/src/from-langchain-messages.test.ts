import type { Message } from '@acm/core';
import { InvalidMessageError } from '@acm/core';
import { withAcmMarker } from '@acm/core/adapter';
import type { BaseMessage } from '@langchain/core/messages';
import {
  AIMessage,
  ChatMessage,
  FunctionMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromLangChainMessages } from '@acm/core/formats';
import { toLangChainMessages } from './to-langchain-messages';

/** The fields that make a LangChain message what it is. */
function describeMessage(message: BaseMessage): Record<string, unknown> {
  const record = message as unknown as Record<string, unknown>;
  const fields: Record<string, unknown> = {
    class: message.constructor.name,
    type: message.type,
    id: message.id,
    name: message.name,
    content: message.content,
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
  };
  for (const key of [
    'tool_calls',
    'invalid_tool_calls',
    'usage_metadata',
    'tool_call_id',
    'status',
    'artifact',
    'metadata',
    'role',
  ]) {
    if (record[key] !== undefined) fields[key] = record[key];
  }
  return fields;
}

const fixture: BaseMessage[] = [
  new SystemMessage({ id: 'system', content: 'You are terse.' }),
  new HumanMessage({
    id: 'user-1',
    name: 'ada',
    content: [
      { type: 'text', text: 'What is in this picture?' },
      {
        type: 'image_url',
        image_url: { url: 'data:image/png;base64,iVBORw0K', detail: 'low' },
      },
      { type: 'image', mimeType: 'image/jpeg', url: 'https://x.test/a.jpg' },
    ],
  }),
  new AIMessage({
    id: 'assistant-1',
    content: [
      { type: 'thinking', thinking: 'Look first.', signature: 'sig-1' },
      { type: 'text', text: 'Let me check.' },
      { type: 'tool_use', id: 'call_1', name: 'look', input: {} },
    ],
    tool_calls: [
      { id: 'call_1', name: 'look', args: { zoom: 2 }, type: 'tool_call' },
    ],
    invalid_tool_calls: [
      {
        id: 'call_bad',
        name: 'look',
        args: '{zoom',
        error: 'bad JSON',
        type: 'invalid_tool_call',
      },
    ],
    usage_metadata: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
    response_metadata: { model_name: 'gpt-test', finish_reason: 'tool_calls' },
    additional_kwargs: { refusal: null },
  }),
  new ToolMessage({
    id: 'tool-1',
    content: 'a cat',
    tool_call_id: 'call_1',
    status: 'error',
    artifact: { pixels: [1, 2] },
    metadata: { source: 'camera' },
  }),
  new AIMessage({ id: 'assistant-2', content: 'A cat.' }),
];

describe('fromLangChainMessages', () => {
  it('should convert LangChain messages to core messages with their ids and parts', () => {
    const messages = fromLangChainMessages(fixture);
    expect(messages.map((message) => [message.id, message.role])).toEqual([
      ['system', 'system'],
      ['user-1', 'user'],
      ['assistant-1', 'assistant'],
      ['tool-1', 'tool'],
      ['assistant-2', 'assistant'],
    ]);
    expect(messages[1]?.name).toBe('ada');
    expect(messages[1]?.content).toEqual([
      { type: 'text', text: 'What is in this picture?' },
      {
        type: 'file',
        mediaType: 'image/png',
        data: 'data:image/png;base64,iVBORw0K',
      },
      { type: 'file', mediaType: 'image/jpeg', data: 'https://x.test/a.jpg' },
    ]);
    expect(messages[2]?.content).toEqual([
      {
        type: 'reasoning',
        text: 'Look first.',
        providerMetadata: { signature: 'sig-1' },
      },
      { type: 'text', text: 'Let me check.' },
      {
        type: 'text',
        text: '{"type":"tool_use","id":"call_1","name":"look","input":{}}',
      },
      {
        type: 'tool-call',
        toolCallId: 'call_1',
        toolName: 'look',
        input: { zoom: 2 },
      },
    ]);
    expect(messages[3]?.content).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'look',
        output: 'a cat',
        isError: true,
      },
    ]);
    expect(messages[4]).toEqual({
      id: 'assistant-2',
      role: 'assistant',
      content: [{ type: 'text', text: 'A cat.' }],
    });
  });

  it('should give id-less messages deterministic ids from generateId', () => {
    const messages = fromLangChainMessages(
      [new HumanMessage('a'), new AIMessage('b')],
      { generateId: (index) => `turn-${index}` },
    );
    expect(messages.map((message) => message.id)).toEqual(['turn-0', 'turn-1']);
    expect(
      fromLangChainMessages([new HumanMessage('a')]).map(
        (message) => message.id,
      ),
    ).toEqual(['lc-0']);
  });

  it('should take a nameless tool result name from the call in previous messages', () => {
    const [call] = fromLangChainMessages([
      new AIMessage({
        id: 'a',
        content: '',
        tool_calls: [{ id: 'c9', name: 'grep', args: {} }],
      }),
    ]);
    const [result] = fromLangChainMessages(
      [new ToolMessage({ id: 't', content: 'hit', tool_call_id: 'c9' })],
      { previous: [call!] },
    );
    expect(result?.content).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'c9',
        toolName: 'grep',
        output: 'hit',
      },
    ]);
  });

  it('should read the ACM marker back from additional_kwargs.acm', () => {
    const summary = withAcmMarker(
      {
        id: 'summary-1',
        role: 'assistant',
        content: [{ type: 'text', text: 'Earlier: the cat was found.' }],
      },
      { kind: 'round-summary', strategy: 'summarizeRounds' },
    );
    const [langchain] = toLangChainMessages([summary]);
    expect(langchain?.additional_kwargs).toEqual({
      acm: { kind: 'round-summary', strategy: 'summarizeRounds' },
      lc_source: 'acm',
    });
    expect(fromLangChainMessages([langchain!])).toEqual([summary]);
  });

  it('should throw an InvalidMessageError for a message type without a core role', () => {
    const convert = () =>
      fromLangChainMessages([
        new HumanMessage('x'),
        new FunctionMessage({ content: '1', name: 'f' }),
      ]);
    expect(convert).toThrow(InvalidMessageError);
    expect(convert).toThrow(/index 1 \(unknown-role\)/);
  });
});

describe('toLangChainMessages', () => {
  it('should rebuild every fixture message exactly', () => {
    const back = toLangChainMessages(fromLangChainMessages(fixture));
    expect(back.map(describeMessage)).toEqual(fixture.map(describeMessage));
  });

  it('should write content ACM rewrote from its parts, not from stale blocks', () => {
    const [assistant] = fromLangChainMessages([fixture[2]!]);
    const edited: Message = {
      ...assistant!,
      content: [
        { type: 'text', text: 'Checked.' },
        ...assistant!.content.filter((part) => part.type === 'tool-call'),
      ],
    };
    const [back] = toLangChainMessages([edited]) as AIMessage[];
    expect(back?.content).toBe('Checked.');
    expect(back?.tool_calls).toEqual([
      { id: 'call_1', name: 'look', args: { zoom: 2 }, type: 'tool_call' },
    ]);
  });

  it('should keep an own __proto__ key of kwargs and tool arguments as data', () => {
    const [human, ai] = toLangChainMessages(
      JSON.parse(
        JSON.stringify(
          fromLangChainMessages([
            new HumanMessage({
              id: 'h',
              content: 'x',
              additional_kwargs: JSON.parse(
                '{"__proto__":{"a":1},"b":2}',
              ) as Record<string, unknown>,
            }),
            new AIMessage({
              id: 'a',
              content: '',
              tool_calls: [
                {
                  id: 'c',
                  name: 'ls',
                  args: JSON.parse('{"x":{"__proto__":null}}') as Record<
                    string,
                    unknown
                  >,
                  type: 'tool_call',
                },
              ],
            }),
            new ToolMessage({ id: 't', content: 'ok', tool_call_id: 'c' }),
          ]),
        ),
      ) as Message[],
    );
    expect(JSON.stringify(human?.additional_kwargs)).toBe(
      '{"__proto__":{"a":1},"b":2}',
    );
    expect(JSON.stringify((ai as AIMessage).tool_calls?.[0]?.args)).toBe(
      '{"x":{"__proto__":null}}',
    );
  });

  it('should round-trip generated LangChain messages exactly', () => {
    const text = fc.string({ maxLength: 20 });
    const json = fc
      .jsonValue({ maxDepth: 2 })
      .map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    const block = fc.oneof(
      text.map((value) => ({ type: 'text', text: value })),
      text.map((value) => ({ type: 'reasoning', reasoning: value })),
      fc
        .record({ url: fc.webUrl(), detail: fc.constantFrom('low', 'high') })
        .map((image_url) => ({ type: 'image_url', image_url })),
      fc
        .record({ type: fc.constantFrom('document', 'custom'), value: json })
        .map((value) => ({ ...value })),
    );
    const content = fc.oneof(text, fc.array(block, { maxLength: 3 }));
    const kwargs = fc.dictionary(fc.constantFrom('a', 'b', 'refusal'), json, {
      maxKeys: 2,
    });
    const turn = fc.record({
      human: fc.record({ content, kwargs, withId: fc.boolean() }),
      calls: fc.array(
        fc.record({
          name: fc.constantFrom('ls', 'cat'),
          args: fc.dictionary(fc.constantFrom('x', 'y'), json, { maxKeys: 2 }),
        }),
        { maxLength: 3 },
      ),
      status: fc.constantFrom(undefined, 'success', 'error'),
      named: fc.boolean(),
      answer: content,
      usage: fc.option(fc.nat({ max: 1000 }), { nil: undefined }),
    });

    fc.assert(
      fc.property(fc.array(turn, { minLength: 1, maxLength: 4 }), (turns) => {
        const messages: BaseMessage[] = [];
        turns.forEach((turnValue, turnIndex) => {
          messages.push(
            new HumanMessage({
              ...(turnValue.human.withId ? { id: `h${turnIndex}` } : {}),
              content: turnValue.human.content as never,
              additional_kwargs: turnValue.human.kwargs,
            }),
          );
          if (turnValue.calls.length > 0) {
            messages.push(
              new AIMessage({
                id: `a${turnIndex}`,
                content: '',
                tool_calls: turnValue.calls.map((call, callIndex) => ({
                  id: `c${turnIndex}-${callIndex}`,
                  name: call.name,
                  args: call.args,
                  type: 'tool_call' as const,
                })),
              }),
            );
            turnValue.calls.forEach((call, callIndex) => {
              messages.push(
                new ToolMessage({
                  id: `t${turnIndex}-${callIndex}`,
                  content: `out ${callIndex}`,
                  tool_call_id: `c${turnIndex}-${callIndex}`,
                  ...(turnValue.named ? { name: call.name } : {}),
                  ...(turnValue.status === undefined
                    ? {}
                    : { status: turnValue.status }),
                }),
              );
            });
          }
          messages.push(
            new AIMessage({
              id: `f${turnIndex}`,
              content: turnValue.answer as never,
              ...(turnValue.usage === undefined
                ? {}
                : {
                    usage_metadata: {
                      input_tokens: turnValue.usage,
                      output_tokens: 1,
                      total_tokens: turnValue.usage + 1,
                    },
                  }),
            }),
          );
        });
        const core = fromLangChainMessages(messages);
        // Core messages are JSON: a state holding them serializes as is.
        expect(JSON.parse(JSON.stringify(core))).toEqual(core);
        const back = toLangChainMessages(core);
        const withIds = messages
          .map((message) => describeMessage(message))
          .map((fields, index) => ({ ...fields, id: core[index]!.id }));
        expect(back.map(describeMessage)).toEqual(withIds);
      }),
      { numRuns: 150 },
    );
  });

  it('should write a ChatMessage back with its role', () => {
    const message = new ChatMessage({ id: 'c', content: 'hi', role: 'human' });
    const [core] = fromLangChainMessages([message]);
    expect(core?.role).toBe('user');
    expect(toLangChainMessages([core!]).map(describeMessage)).toEqual([
      describeMessage(message),
    ]);
  });
});
