import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { textMessage } from '../../vocabulary/message/__fixtures__/message-builders';
import type { Message } from '../../vocabulary/message/message';
import { createTokenCounter } from './create-token-counter';

/** One token a character: makes every expected figure easy to read off. */
const countCharacters = (text: string) => text.length;

describe('createTokenCounter', () => {
  it('should count overhead, role and text of a message', () => {
    const counter = createTokenCounter({
      name: 'characters',
      countText: countCharacters,
    });

    // 3 overhead + 'user' 4 + 'Hello' 5
    expect(counter.countMessage(textMessage('m1', 'user', 'Hello'))).toBe(12);
    expect(counter.name).toBe('characters');
    expect(counter.countText('abc')).toBe(3);
  });

  it('should count the name, reasoning, tool calls, tool results and files', () => {
    const counter = createTokenCounter({
      name: 'characters',
      countText: countCharacters,
    });
    const assistant: Message = {
      id: 'm1',
      role: 'assistant',
      name: 'bot',
      content: [
        { type: 'reasoning', text: 'think' },
        { type: 'text', text: 'ok' },
        {
          type: 'tool-call',
          toolCallId: 'c1',
          toolName: 'bash',
          input: { command: 'ls' },
        },
      ],
    };
    const tool: Message = {
      id: 'm2',
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'bash',
          output: 'a.txt',
        },
        {
          type: 'tool-result',
          toolCallId: 'c2',
          toolName: 'bash',
          output: { rows: [1] },
        },
      ],
    };
    const user: Message = {
      id: 'm3',
      role: 'user',
      content: [
        { type: 'file', mediaType: 'image/png', data: 'x'.repeat(10_000) },
        {
          type: 'file',
          mediaType: 'application/pdf',
          data: 'y'.repeat(401),
          filename: 'a.pdf',
        },
      ],
    };

    // 3 + 'assistant' 9 + (1 + 'bot' 3) + 'think' 5 + 'ok' 2
    //   + (3 + 'bash' 4 + 'c1' 2 + '{"command":"ls"}' 16)
    expect(counter.countMessage(assistant)).toBe(48);
    // 3 + 'tool' 4 + (3 + 4 + 2 + 'a.txt' 5) + (3 + 4 + 2 + '{"rows":[1]}' 12)
    expect(counter.countMessage(tool)).toBe(42);
    // 3 + 'user' 4 + 765 + (ceil(401 / 4) = 101 + 'a.pdf' 5)
    expect(counter.countMessage(user)).toBe(878);
  });

  it('should apply the overhead options', () => {
    const counter = createTokenCounter({
      name: 'characters',
      countText: countCharacters,
      messageOverhead: 0,
      nameOverhead: 0,
      toolPartOverhead: 0,
      imageTokens: 85,
      fileCharsPerToken: 2,
    });
    const message: Message = {
      id: 'm1',
      role: 'user',
      name: 'x',
      content: [
        { type: 'file', mediaType: 'image/jpeg', data: 'abc' },
        { type: 'file', mediaType: 'text/plain', data: 'abcde' },
        { type: 'tool-result', toolCallId: 'c', toolName: 't', output: '' },
      ],
    };

    // 'user' 4 + 'x' 1 + 85 + ceil(5 / 2) 3 + 't' 1 + 'c' 1
    expect(counter.countMessage(message)).toBe(95);
  });

  it('should not count a cached message again', () => {
    const countText = vi.fn(countCharacters);
    const counter = createTokenCounter({ name: 'spy', countText });
    const message = textMessage('m1', 'user', 'Hello');

    counter.countMessage(message);
    const callsAfterFirstCount = countText.mock.calls.length;
    const second = counter.countMessage(message);
    counter.countMessages([message, message]);

    expect(callsAfterFirstCount).toBe(2);
    expect(countText).toHaveBeenCalledTimes(2);
    expect(second).toBe(12);
  });

  it('should tokenize only the new tail of an array that extends a counted one', () => {
    const countText = vi.fn(countCharacters);
    const counter = createTokenCounter({ name: 'spy', countText });
    const first = [
      textMessage('m1', 'user', 'Hello'),
      textMessage('m2', 'assistant', 'Hi'),
    ];
    const total = counter.countMessages(first);
    countText.mockClear();

    const extended = [...first, textMessage('m3', 'user', 'Bye')];
    const extendedTotal = counter.countMessages(extended);

    // 12 + (3 + 9 + 2)
    expect(total).toBe(26);
    // 26 + (3 + 4 + 3)
    expect(extendedTotal).toBe(36);
    expect(countText.mock.calls).toEqual([['user'], ['Bye']]);
  });

  it('should count the new tail of an array that grew in place', () => {
    const counter = createTokenCounter({
      name: 'characters',
      countText: countCharacters,
    });
    const messages = [textMessage('m1', 'user', 'Hello')];
    const before = counter.countMessages(messages);

    messages.push(textMessage('m2', 'user', 'Bye'));

    expect(before).toBe(12);
    expect(counter.countMessages(messages)).toBe(22);
  });

  it('should recount from the cache when an array is not an extension', () => {
    const counter = createTokenCounter({
      name: 'characters',
      countText: countCharacters,
    });
    const first = textMessage('m1', 'user', 'Hello');
    const second = textMessage('m2', 'user', 'Bye');
    counter.countMessages([first, second]);

    expect(counter.countMessages([second])).toBe(10);
    expect(counter.countMessages([second, first])).toBe(22);
    expect(counter.countMessages([])).toBe(0);
  });

  it('should equal the plain sum on random prefixes and edits', () => {
    const messageArbitrary = fc
      .tuple(
        fc.constantFrom<Message['role']>('system', 'user', 'assistant', 'tool'),
        fc.string({ maxLength: 20 }),
      )
      .map(([role, text]) => ({ role, text }));
    const operationArbitrary = fc.oneof(
      fc.record({
        type: fc.constant('append' as const),
        items: fc.array(messageArbitrary, { maxLength: 4 }),
      }),
      fc.record({ type: fc.constant('truncate' as const), keep: fc.nat(30) }),
      fc.record({
        type: fc.constant('replace' as const),
        at: fc.nat(30),
        item: messageArbitrary,
      }),
      fc.record({ type: fc.constant('copy' as const) }),
    );

    fc.assert(
      fc.property(
        fc.array(operationArbitrary, { maxLength: 25 }),
        fc.nat(5),
        (operations, remembered) => {
          const counter = createTokenCounter({
            name: 'characters',
            countText: countCharacters,
            rememberedArrays: remembered,
          });
          const plainSum = (messages: readonly Message[]) =>
            messages.reduce(
              (sum, message) =>
                sum +
                3 +
                message.role.length +
                (message.content[0] as { text: string }).text.length,
              0,
            );
          let nextId = 0;
          const create = ({
            role,
            text,
          }: {
            role: Message['role'];
            text: string;
          }) => textMessage(`m${(nextId += 1)}`, role, text);
          let messages: readonly Message[] = [];
          for (const operation of operations) {
            switch (operation.type) {
              case 'append':
                messages = [...messages, ...operation.items.map(create)];
                break;
              case 'truncate':
                messages = messages.slice(0, operation.keep);
                break;
              case 'replace':
                if (messages.length > 0) {
                  const at = operation.at % messages.length;
                  messages = messages.map((message, index) =>
                    index === at ? create(operation.item) : message,
                  );
                }
                break;
              case 'copy':
                messages = [...messages];
                break;
            }
            expect(counter.countMessages(messages)).toBe(plainSum(messages));
          }
        },
      ),
    );
  });
});
