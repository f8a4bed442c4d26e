import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withAcmMarker } from '../../vocabulary/message/acm-marker';
import type { Message, ToolResultPart } from '../../vocabulary/message/message';
import { fromOpenAIMessages } from '../../formats/openai/from-openai-messages';
import { conversationArbitrary } from '../../testing/conversation-arbitrary';
import { loadSharedConversations } from '../../testing/load-shared-conversations';
import {
  conversationFixture,
  insertAt,
  replaceAt,
} from './__fixtures__/conversations';
import { checkContract } from './check-contract';

const fixture = conversationFixture;

/** Kind and index of each violation, the part tests compare exactly. */
function located(messages: readonly Message[], previous?: readonly Message[]) {
  return checkContract(messages, previous ? { previous } : {}).map(
    ({ kind, index }) => ({ kind, index }),
  );
}

function callMessage(id: string, toolCallId: string): Message {
  return {
    id,
    role: 'assistant',
    content: [
      { type: 'tool-call', toolCallId, toolName: 'weather', input: {} },
    ],
  };
}

function toolMessage(id: string, toolCallId: string, output: unknown): Message {
  return {
    id,
    role: 'tool',
    content: [{ type: 'tool-result', toolCallId, toolName: 'weather', output }],
  };
}

describe('checkContract', () => {
  it('should find nothing wrong in a valid conversation with a pending in-flight call', () => {
    expect(checkContract(fixture)).toEqual([]);
  });

  it('should find nothing wrong in an empty conversation', () => {
    expect(checkContract([])).toEqual([]);
  });

  it('should report a duplicate message id at the later index', () => {
    const messages = replaceAt(fixture, 5, { ...fixture[5]!, id: 'm1' });

    expect(checkContract(messages)).toEqual([
      {
        kind: 'duplicate-message-id',
        index: 5,
        messageId: 'm1',
        detail: 'message id "m1" is already used at index 1',
      },
    ]);
  });

  it('should report a tool call id used twice in one message', () => {
    const call = fixture[2]!;
    const messages = replaceAt(fixture, 2, {
      ...call,
      content: [...call.content, call.content[0]!],
    });

    expect(located(messages)).toEqual([
      { kind: 'duplicate-tool-call-id', index: 2 },
    ]);
  });

  it('should report a tool call id reused while its first call still waits', () => {
    const messages: Message[] = [
      ...fixture.slice(0, 3),
      callMessage('x', 'c1'),
      ...fixture.slice(3),
    ];

    expect(located(messages)).toEqual([
      { kind: 'duplicate-tool-call-id', index: 3 },
      { kind: 'non-adjacent-tool-result', index: 4 },
      { kind: 'non-adjacent-tool-result', index: 5 },
    ]);
  });

  it('should accept a tool call id reused after its first call was answered', () => {
    const messages: Message[] = [
      ...fixture.slice(0, 7),
      callMessage('m7', 'c1'),
      toolMessage('m8', 'c1', 'fog'),
      {
        id: 'm9',
        role: 'assistant',
        content: [{ type: 'text', text: 'Fog.' }],
      },
    ];

    expect(checkContract(messages)).toEqual([]);
  });

  it('should report an orphan tool result', () => {
    const messages = insertAt(fixture, 5, toolMessage('x', 'nope', 'hail'));

    expect(checkContract(messages)).toEqual([
      {
        kind: 'orphan-tool-result',
        index: 5,
        toolCallId: 'nope',
        detail: 'no earlier tool call has id "nope"',
      },
    ]);
  });

  it('should report a result placed before its call as an orphan and the call as missing', () => {
    const messages = [
      fixture[0]!,
      fixture[3]!,
      ...fixture.slice(1, 3),
      ...fixture.slice(4),
    ];

    expect(located(messages)).toEqual([
      { kind: 'orphan-tool-result', index: 1 },
      { kind: 'missing-tool-result', index: 3 },
    ]);
  });

  it('should report a result outside the tool block right after its call', () => {
    const messages = [
      ...fixture.slice(0, 4),
      fixture[5]!,
      fixture[4]!,
      ...fixture.slice(6),
    ];

    expect(checkContract(messages)).toEqual([
      {
        kind: 'non-adjacent-tool-result',
        index: 5,
        toolCallId: 'c2',
        detail:
          'its call is at index 2, outside the block of tool messages right after it',
      },
    ]);
  });

  it('should report a second result for one call', () => {
    const messages = insertAt(fixture, 5, toolMessage('x', 'c1', 'snow'));

    expect(located(messages)).toEqual([
      { kind: 'duplicate-tool-result', index: 5 },
    ]);
  });

  it('should report a consumed call without a result', () => {
    const messages = [...fixture.slice(0, 4), ...fixture.slice(5)];

    expect(checkContract(messages)).toEqual([
      {
        kind: 'missing-tool-result',
        index: 2,
        toolCallId: 'c2',
        detail:
          'no result answers tool call "c2", and its exchange is not in flight',
      },
    ]);
  });

  it('should report a tool message without results and one with other parts', () => {
    const messages = replaceAt(fixture, 3, {
      id: 'm3',
      role: 'tool',
      content: [{ type: 'text', text: 'rain' }],
    });
    const withText = replaceAt(fixture, 4, {
      ...fixture[4]!,
      content: [...fixture[4]!.content, { type: 'text', text: 'extra' }],
    });

    expect(located(messages)).toEqual([
      { kind: 'missing-tool-result', index: 2 },
      { kind: 'invalid-tool-message', index: 3 },
    ]);
    expect(checkContract(withText)).toEqual([
      {
        kind: 'invalid-tool-message',
        index: 4,
        detail: 'a tool message with text parts besides its tool results',
      },
    ]);
  });

  it('should report a tool result outside a tool message', () => {
    const result = fixture[3]!.content[0] as ToolResultPart;
    const messages = replaceAt(fixture, 6, {
      ...fixture[6]!,
      content: [...fixture[6]!.content, result],
    });

    expect(checkContract(messages)).toEqual([
      {
        kind: 'invalid-tool-message',
        index: 6,
        toolCallId: 'c1',
        detail: 'a tool result for "c1" sits in a user message',
      },
    ]);
  });

  it('should report a tool call outside an assistant message', () => {
    const messages = replaceAt(fixture, 6, {
      ...fixture[6]!,
      content: [
        ...fixture[6]!.content,
        { type: 'tool-call', toolCallId: 'c9', toolName: 'bash', input: {} },
      ],
    });

    expect(checkContract(messages)).toEqual([
      {
        kind: 'invalid-tool-message',
        index: 6,
        toolCallId: 'c9',
        detail:
          'a tool call "c9" sits in a user message (only assistant messages call tools)',
      },
    ]);
  });

  it('should report a conversation that ends on a synthetic assistant message', () => {
    const messages = [
      ...fixture.slice(0, 6),
      withAcmMarker(
        {
          id: 's',
          role: 'assistant',
          content: [{ type: 'text', text: 'Summary.' }],
        },
        { kind: 'round-summary', strategy: 'summarizeRounds' },
      ),
    ];

    expect(checkContract(messages)).toEqual([
      {
        kind: 'trailing-synthetic-assistant',
        index: 6,
        messageId: 's',
        detail:
          'the conversation ends on an assistant message ACM wrote (round-summary)',
      },
    ]);
  });

  it('should accept an injected user message at the end', () => {
    const messages = [
      ...fixture.slice(0, 6),
      withAcmMarker(
        {
          id: 'r',
          role: 'user',
          content: [{ type: 'text', text: 'Reminder.' }],
        },
        { kind: 'injected' },
      ),
    ];

    expect(checkContract(messages)).toEqual([]);
  });

  it('should accept the previous in-flight exchange kept with new messages after it', () => {
    const messages = [
      ...fixture,
      toolMessage('m8', 'c3', 'cloudy'),
      {
        id: 'm9',
        role: 'assistant',
        content: [{ type: 'text', text: 'Cloudy.' }],
      },
    ] satisfies Message[];

    expect(checkContract(messages, { previous: fixture })).toEqual([]);
  });

  it('should report a changed in-flight call message', () => {
    const call = fixture[7]!;
    const messages = replaceAt(fixture, 7, {
      ...call,
      content: [{ type: 'text', text: 'Let me check.' }, ...call.content],
    });

    expect(checkContract(messages, { previous: fixture })).toEqual([
      {
        kind: 'in-flight-changed',
        index: 7,
        messageId: 'm7',
        detail: 'in-flight message "m7" was changed',
      },
    ]);
  });

  it('should report a removed in-flight exchange at index -1', () => {
    const messages = fixture.slice(0, 7);

    expect(located(messages, fixture)).toEqual([
      { kind: 'in-flight-changed', index: -1 },
    ]);
  });

  it('should report an in-flight result that is no longer next to its call', () => {
    const previous = [...fixture, toolMessage('m8', 'c3', 'cloudy')];
    const messages = insertAt(previous, 8, {
      id: 'u',
      role: 'user',
      content: [{ type: 'text', text: 'hurry' }],
    });

    expect(located(messages, previous)).toEqual([
      { kind: 'in-flight-changed', index: 8 },
      { kind: 'non-adjacent-tool-result', index: 9 },
    ]);
  });

  it('should find no violation in generated conversations', () => {
    fc.assert(
      fc.property(conversationArbitrary(), (messages) => {
        expect(checkContract(messages)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  describe('on broken generated conversations', () => {
    const toolIndices = (messages: readonly Message[]) =>
      messages.flatMap((message, index) =>
        message.role === 'tool' ? [index] : [],
      );

    it('should catch a duplicate message id', () => {
      fc.assert(
        fc.property(
          conversationArbitrary(),
          fc.nat(),
          fc.nat(),
          (messages, first, second) => {
            fc.pre(messages.length >= 2);
            const later = 1 + (second % (messages.length - 1));
            const earlier = first % later;
            const broken = replaceAt(messages, later, {
              ...messages[later]!,
              id: messages[earlier]!.id,
            });
            expect(located(broken)).toEqual([
              { kind: 'duplicate-message-id', index: later },
            ]);
          },
        ),
        { numRuns: 100 },
      );
    });

    it('should catch a tool call id used twice in one message', () => {
      fc.assert(
        fc.property(conversationArbitrary(), fc.nat(), (messages, choice) => {
          const callers = messages.flatMap((message, index) =>
            message.content.some((part) => part.type === 'tool-call')
              ? [index]
              : [],
          );
          fc.pre(callers.length > 0);
          const index = callers[choice % callers.length]!;
          const message = messages[index]!;
          const call = message.content.find(
            (part) => part.type === 'tool-call',
          )!;
          const broken = replaceAt(messages, index, {
            ...message,
            content: [...message.content, call],
          });
          expect(located(broken)).toEqual([
            { kind: 'duplicate-tool-call-id', index: index },
          ]);
        }),
        { numRuns: 100 },
      );
    });

    it('should catch an orphan tool result', () => {
      fc.assert(
        fc.property(conversationArbitrary(), fc.nat(), (messages, choice) => {
          const tools = toolIndices(messages);
          fc.pre(tools.length > 0);
          const index = tools[choice % tools.length]! + 1;
          const broken = insertAt(
            messages,
            index,
            toolMessage('orphan', 'no-such-call', 'x'),
          );
          expect(located(broken)).toEqual([
            { kind: 'orphan-tool-result', index: index },
          ]);
        }),
        { numRuns: 100 },
      );
    });

    it('should catch a result moved out of its block', () => {
      fc.assert(
        fc.property(conversationArbitrary(), fc.nat(), (messages, choice) => {
          // A tool message followed later by a non-tool message: its exchange is consumed.
          const movable = toolIndices(messages).filter((index) =>
            messages
              .slice(index + 1)
              .some((message) => message.role !== 'tool'),
          );
          fc.pre(movable.length > 0);
          const from = movable[choice % movable.length]!;
          let next = from + 1;
          while (messages[next]!.role === 'tool') next++;
          const without = [
            ...messages.slice(0, from),
            ...messages.slice(from + 1),
          ];
          // `next - 1` is the first non-tool message after the block, once `from` is gone.
          const broken = insertAt(without, next, messages[from]!);
          expect(located(broken)).toEqual([
            { kind: 'non-adjacent-tool-result', index: next },
          ]);
        }),
        { numRuns: 100 },
      );
    });

    it('should catch a second result for one call', () => {
      fc.assert(
        fc.property(conversationArbitrary(), fc.nat(), (messages, choice) => {
          const tools = toolIndices(messages);
          fc.pre(tools.length > 0);
          const index = tools[choice % tools.length]!;
          const broken = insertAt(messages, index + 1, {
            ...messages[index]!,
            id: 'copy',
          });
          expect(located(broken)).toEqual([
            { kind: 'duplicate-tool-result', index: index + 1 },
          ]);
        }),
        { numRuns: 100 },
      );
    });

    it('should catch a consumed call whose result was removed', () => {
      fc.assert(
        fc.property(conversationArbitrary(), fc.nat(), (messages, choice) => {
          const consumed = toolIndices(messages).filter((index) =>
            messages
              .slice(index + 1)
              .some((message) => message.role === 'assistant'),
          );
          fc.pre(consumed.length > 0);
          const index = consumed[choice % consumed.length]!;
          let callIndex = index - 1;
          while (messages[callIndex]!.role === 'tool') callIndex--;
          const broken = [
            ...messages.slice(0, index),
            ...messages.slice(index + 1),
          ];
          expect(located(broken)).toEqual([
            { kind: 'missing-tool-result', index: callIndex },
          ]);
        }),
        { numRuns: 100 },
      );
    });

    it('should catch a tool message with a text part', () => {
      fc.assert(
        fc.property(conversationArbitrary(), fc.nat(), (messages, choice) => {
          const tools = toolIndices(messages);
          fc.pre(tools.length > 0);
          const index = tools[choice % tools.length]!;
          const message = messages[index]!;
          const broken = replaceAt(messages, index, {
            ...message,
            content: [...message.content, { type: 'text', text: 'note' }],
          });
          expect(located(broken)).toEqual([
            { kind: 'invalid-tool-message', index: index },
          ]);
        }),
        { numRuns: 100 },
      );
    });

    it('should catch a tool result inside a user message', () => {
      fc.assert(
        fc.property(conversationArbitrary(), fc.nat(), (messages, choice) => {
          const users = messages.flatMap((message, index) =>
            message.role === 'user' ? [index] : [],
          );
          fc.pre(users.length > 0);
          const index = users[choice % users.length]!;
          const message = messages[index]!;
          const broken = replaceAt(messages, index, {
            ...message,
            content: [
              ...message.content,
              {
                type: 'tool-result',
                toolCallId: 'pasted',
                toolName: 'x',
                output: 'y',
              },
            ],
          });
          expect(located(broken)).toEqual([
            { kind: 'invalid-tool-message', index: index },
          ]);
        }),
        { numRuns: 100 },
      );
    });

    it('should catch a trailing synthetic assistant message', () => {
      fc.assert(
        fc.property(
          conversationArbitrary({
            inFlight: 'never',
            unansweredLastTurn: 'never',
          }),
          (messages) => {
            const last = messages.length - 1;
            const broken = replaceAt(
              messages,
              last,
              withAcmMarker(messages[last]!, {
                kind: 'round-summary',
                strategy: 'summarizeRounds',
              }),
            );
            expect(located(broken)).toEqual([
              { kind: 'trailing-synthetic-assistant', index: last },
            ]);
          },
        ),
        { numRuns: 100 },
      );
    });

    it('should catch a changed message of the in-flight exchange', () => {
      fc.assert(
        fc.property(
          conversationArbitrary({ inFlight: 'always' }),
          fc.nat(),
          (previous, choice) => {
            let callIndex = previous.length - 1;
            while (previous[callIndex]!.role !== 'assistant') callIndex--;
            const index = callIndex + (choice % (previous.length - callIndex));
            const message = previous[index]!;
            const changed: Message = {
              ...message,
              metadata: { ...message.metadata, edited: true },
            };
            const broken = replaceAt(previous, index, changed);
            expect(located(broken, previous)).toEqual([
              { kind: 'in-flight-changed', index: index },
            ]);
          },
        ),
        { numRuns: 100 },
      );
    });
  });

  it('should find no violation in any recorded conversation of the shared data', () => {
    const conversations = loadSharedConversations();
    expect(conversations).toHaveLength(259);

    const failures = conversations.flatMap((conversation) => {
      const violations = checkContract(
        fromOpenAIMessages(conversation.messages),
      );
      return violations.length === 0
        ? []
        : [{ id: conversation.id, violations }];
    });

    expect(failures).toEqual([]);
  });
});
