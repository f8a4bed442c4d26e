import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeConversation } from '../state/conversation/analyze-conversation';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import { getMessageCharCount } from '../vocabulary/message/message-text';
import type { Message, ToolCallPart } from '../vocabulary/message/message';
import type { ConversationArbitraryOptions } from './conversation-arbitrary';
import { conversationArbitrary } from './conversation-arbitrary';
import { PLAN_TOOL_NAMES } from './conversation-content';

type Ending =
  'final-answer' | 'unanswered' | 'in-flight-complete' | 'in-flight-pending';

interface Checked {
  readonly rounds: number;
  readonly ending: Ending;
  readonly maxCallsInOneMessage: number;
}

const planToolNames = new Set<string>(PLAN_TOOL_NAMES);

function isInjected(message: Message): boolean {
  return (
    (message.metadata?.acm as { kind?: unknown } | undefined)?.kind ===
    'injected'
  );
}

function toolCalls(message: Message): ToolCallPart[] {
  return message.content.filter((part) => part.type === 'tool-call');
}

/**
 * Checks every structural promise of `conversationArbitrary` independently of
 * core's own analysis, and throws a descriptive error on the first violation.
 */
function checkConversation(messages: readonly Message[]): Checked {
  const fail = (index: number, reason: string): never => {
    throw new Error(`message ${index} (${messages[index]?.id}): ${reason}`);
  };
  const messageIds = new Set<string>();
  const callIds = new Set<string>();
  let rounds = 0;
  let maxCallsInOneMessage = 0;
  let ending: Ending | undefined;

  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    if (messageIds.has(message.id)) fail(index, 'duplicate message id');
    messageIds.add(message.id);
    if (message.content.length === 0) fail(index, 'empty content');

    if (message.role === 'system' && index !== 0)
      fail(index, 'system message after the start');
    if (message.role === 'tool')
      fail(index, 'tool message outside an exchange');
    if (message.role === 'user' && !isInjected(message)) {
      rounds++;
      if (index > 0 && rounds > 1) {
        // The previous round must end with a final answer (skipping nothing).
        const previous = messages[index - 1]!;
        const closesRound =
          previous.role === 'assistant' &&
          toolCalls(previous).length === 0 &&
          !isInjected(previous);
        if (!closesRound)
          fail(index, 'previous round does not end with a final answer');
      }
    }
    if (message.role !== 'assistant') continue;

    const calls = toolCalls(message);
    if (calls.length === 0) continue;
    maxCallsInOneMessage = Math.max(maxCallsInOneMessage, calls.length);
    const expected = new Map<string, string>();
    for (const call of calls) {
      if (callIds.has(call.toolCallId))
        fail(index, `duplicate tool call id ${call.toolCallId}`);
      callIds.add(call.toolCallId);
      expected.set(call.toolCallId, call.toolName);
    }
    let next = index + 1;
    const answered = new Set<string>();
    while (next < messages.length && messages[next]!.role === 'tool') {
      const tool = messages[next]!;
      if (messageIds.has(tool.id)) fail(next, 'duplicate message id');
      messageIds.add(tool.id);
      if (tool.content.length !== 1)
        fail(next, 'a tool message must carry exactly one part');
      const result = tool.content[0]!;
      if (result.type !== 'tool-result')
        fail(next, 'tool message without a tool result');
      if (result.type !== 'tool-result') continue;
      if (!expected.has(result.toolCallId))
        fail(next, `result for a foreign call ${result.toolCallId}`);
      if (answered.has(result.toolCallId))
        fail(next, `second result for ${result.toolCallId}`);
      if (expected.get(result.toolCallId) !== result.toolName)
        fail(next, 'tool name mismatch');
      answered.add(result.toolCallId);
      next++;
    }
    const laterAssistant = messages
      .slice(next)
      .some((later) => later.role === 'assistant');
    if (answered.size < calls.length) {
      if (next !== messages.length)
        fail(index, 'unanswered calls before the end');
      ending = 'in-flight-pending';
    } else if (!laterAssistant) {
      if (next !== messages.length)
        fail(index, 'unconsumed exchange not at the very end');
      ending = 'in-flight-complete';
    }
    index = next - 1;
  }

  if (ending === undefined) {
    const last = messages[messages.length - 1]!;
    if (last.role === 'assistant' && toolCalls(last).length === 0)
      ending = 'final-answer';
    else {
      // An unanswered last turn: the user turn, maybe followed by an injected reminder.
      let lastTurn = messages.length - 1;
      while (
        lastTurn > 0 &&
        (messages[lastTurn]!.role !== 'user' || isInjected(messages[lastTurn]!))
      )
        lastTurn--;
      const tail = messages.slice(lastTurn);
      if (!tail.every((message) => message.role === 'user')) {
        throw new Error(
          'the conversation ends neither on an answer, a user turn nor in flight',
        );
      }
      ending = 'unanswered';
    }
  }
  return { rounds, ending, maxCallsInOneMessage };
}

function sample(
  options: ConversationArbitraryOptions = {},
  numRuns = 400,
  seed = 20_240_515,
) {
  return fc.sample(conversationArbitrary(options), { seed, numRuns });
}

function outputs(messages: readonly Message[]) {
  return messages.flatMap((message) =>
    message.content.filter((part) => part.type === 'tool-result'),
  );
}

describe('conversationArbitrary', () => {
  it('should generate conversations that keep every structural promise', () => {
    fc.assert(
      fc.property(conversationArbitrary(), (messages) => {
        const checked = checkConversation(messages);
        expect(checked.rounds).toBeGreaterThanOrEqual(1);
        expect(checked.rounds).toBeLessThanOrEqual(6);
        expect(checked.maxCallsInOneMessage).toBeLessThanOrEqual(4);
      }),
      { numRuns: 500 },
    );
  });

  it('should agree with analyzeConversation on rounds and the in-flight exchange', () => {
    fc.assert(
      fc.property(conversationArbitrary(), (messages) => {
        const checked = checkConversation(messages);
        const structure = analyzeConversation(messages);
        expect(structure.rounds).toHaveLength(checked.rounds);
        const inFlight =
          checked.ending === 'in-flight-complete' ||
          checked.ending === 'in-flight-pending';
        expect(structure.inFlight !== undefined).toBe(inFlight);
        expect(structure.inFlight?.end ?? messages.length).toBe(
          messages.length,
        );
        expect((structure.inFlight?.pendingCallIds.length ?? 0) > 0).toBe(
          checked.ending === 'in-flight-pending',
        );
        for (const exchange of structure.exchanges) {
          if (exchange === structure.inFlight) continue;
          expect(exchange.consumed).toBe(true);
          expect(exchange.pendingCallIds).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('should honour the round and tool-call limits', () => {
    for (const messages of sample(
      { minRounds: 3, maxRounds: 4, maxToolCallsPerExchange: 2 },
      200,
    )) {
      const checked = checkConversation(messages);
      expect(checked.rounds).toBeGreaterThanOrEqual(3);
      expect(checked.rounds).toBeLessThanOrEqual(4);
      expect(checked.maxCallsInOneMessage).toBeLessThanOrEqual(2);
    }
  });

  it('should always end in flight when inFlight is always', () => {
    const endings = new Set(
      sample({ inFlight: 'always' }, 200).map(
        (messages) => checkConversation(messages).ending,
      ),
    );
    expect(endings).toEqual(
      new Set(['in-flight-complete', 'in-flight-pending']),
    );
  });

  it('should never end in flight when inFlight is never', () => {
    const endings = new Set(
      sample({ inFlight: 'never' }, 200).map(
        (messages) => checkConversation(messages).ending,
      ),
    );
    expect(endings).toEqual(new Set(['final-answer', 'unanswered']));
  });

  it('should end on an answer when nothing is left open', () => {
    const endings = new Set(
      sample({ inFlight: 'never', unansweredLastTurn: 'never' }, 200).map(
        (messages) => checkConversation(messages).ending,
      ),
    );
    expect(endings).toEqual(new Set(['final-answer']));
  });

  it('should produce every ending by default', () => {
    const endings = new Set(
      sample().map((messages) => checkConversation(messages).ending),
    );
    expect(endings).toEqual(
      new Set([
        'final-answer',
        'unanswered',
        'in-flight-complete',
        'in-flight-pending',
      ]),
    );
  });

  it('should open with a system prompt only as asked', () => {
    expect(
      sample({ systemPrompt: 'always' }, 100).every(
        (messages) => messages[0]!.role === 'system',
      ),
    ).toBe(true);
    expect(
      sample({ systemPrompt: 'never' }, 100).some(
        (messages) => messages[0]!.role === 'system',
      ),
    ).toBe(false);
  });

  it('should make large outputs above 5,120 characters with a head and a tail in some conversations', () => {
    const conversations = sample();
    const withLarge = conversations.filter((messages) =>
      messages.some(
        (message) =>
          message.role === 'tool' && getMessageCharCount(message) > 5_120,
      ),
    );
    expect(withLarge.length).toBeGreaterThan(conversations.length * 0.2);
    expect(withLarge.length).toBeLessThan(conversations.length);
    const largeTexts = conversations
      .flatMap(outputs)
      .map((part) => part.output)
      .filter(
        (output): output is string =>
          typeof output === 'string' && output.length > 5_120,
      );
    expect(largeTexts.length).toBeGreaterThan(0);
    for (const text of largeTexts) {
      expect(text.length).toBeLessThan(12_000 + 300);
      const lines = text.split('\n');
      // The head and the tail are not numbered middle lines.
      expect(lines[0]).not.toMatch(/^\d{5} /);
      expect(lines[lines.length - 1]).not.toMatch(/^\d{5} /);
      expect(lines.slice(1, -1).some((line) => /^\d{5} /.test(line))).toBe(
        true,
      );
    }
  });

  it('should make large JSON outputs too', () => {
    const largeJson = sample({ largeOutputProbability: 1 }, 100)
      .flatMap(outputs)
      .filter(
        (part) =>
          typeof part.output === 'object' &&
          part.output !== null &&
          JSON.stringify(part.output).length > 5_120,
      );
    expect(largeJson.length).toBeGreaterThan(0);
  });

  it('should make no large message when largeOutputProbability is 0', () => {
    for (const messages of sample({ largeOutputProbability: 0 }, 200)) {
      for (const message of messages)
        expect(getMessageCharCount(message)).toBeLessThan(5_120);
    }
  });

  it('should make every normal tool output large when largeOutputProbability is 1', () => {
    const results = sample(
      { largeOutputProbability: 1, planToolProbability: 0 },
      50,
    ).flatMap(outputs);
    expect(results.length).toBeGreaterThan(0);
    for (const part of results) {
      const size =
        typeof part.output === 'string'
          ? part.output.length
          : JSON.stringify(part.output).length;
      expect(size).toBeGreaterThanOrEqual(5_200);
    }
  });

  it('should use plan tools in some conversations, sometimes beside normal tools in one message', () => {
    const conversations = sample();
    const callsOf = (messages: readonly Message[]) =>
      messages.flatMap(toolCalls);
    const withPlan = conversations.filter((messages) =>
      callsOf(messages).some((call) => planToolNames.has(call.toolName)),
    );
    expect(withPlan.length).toBeGreaterThan(conversations.length * 0.1);
    expect(withPlan.length).toBeLessThan(conversations.length * 0.6);
    for (const messages of withPlan) {
      const firstPlanCall = callsOf(messages).find((call) =>
        planToolNames.has(call.toolName),
      );
      expect(firstPlanCall?.toolName).toBe('create_plan');
    }
    const mixed = conversations.flatMap((messages) =>
      messages.filter((message) => {
        const names = toolCalls(message).map((call) => call.toolName);
        return (
          names.some((name) => planToolNames.has(name)) &&
          names.some((name) => !planToolNames.has(name))
        );
      }),
    );
    expect(mixed.length).toBeGreaterThan(0);
    const usedPlanTools = new Set(
      withPlan
        .flatMap(callsOf)
        .map((call) => call.toolName)
        .filter((name) => planToolNames.has(name)),
    );
    expect(usedPlanTools).toEqual(planToolNames);
  });

  it('should use no plan tool when planToolProbability is 0', () => {
    for (const messages of sample({ planToolProbability: 0 }, 200)) {
      expect(
        messages
          .flatMap(toolCalls)
          .some((call) => planToolNames.has(call.toolName)),
      ).toBe(false);
    }
  });

  it('should mix JSON outputs, tool errors, reasoning, reminders, files and unicode', () => {
    const messages = sample().flat();
    const results = messages.flatMap((message) =>
      message.content.filter((part) => part.type === 'tool-result'),
    );
    const reasoning = messages.flatMap((message) =>
      message.content.filter((part) => part.type === 'reasoning'),
    );
    const allText = messages
      .flatMap((message) => message.content)
      .map((part) =>
        part.type === 'text' || part.type === 'reasoning' ? part.text : '',
      )
      .join('\n');

    expect(
      results.some(
        (part) => typeof part.output === 'object' && part.output !== null,
      ),
    ).toBe(true);
    expect(results.some((part) => typeof part.output === 'number')).toBe(true);
    expect(results.some((part) => part.isError === true)).toBe(true);
    expect(
      results.every((part) => part.isError === undefined || part.isError),
    ).toBe(true);
    expect(reasoning.some((part) => part.providerMetadata !== undefined)).toBe(
      true,
    );
    expect(reasoning.some((part) => part.providerMetadata === undefined)).toBe(
      true,
    );
    expect(
      messages.some(
        (message) =>
          message.role === 'assistant' &&
          message.content.some((part) => part.type === 'text') &&
          message.content.some((part) => part.type === 'tool-call'),
      ),
    ).toBe(true);
    expect(
      messages.some(
        (message) => message.role === 'user' && isInjected(message),
      ),
    ).toBe(true);
    expect(
      messages.some((message) =>
        message.content.some((part) => part.type === 'file'),
      ),
    ).toBe(true);
    expect(allText).toMatch(/\p{Script=Han}/u);
    expect(allText).toMatch(/\p{Extended_Pictographic}/u);
    expect(allText).toMatch(/\p{Script=Arabic}/u);
  });

  it('should answer parallel calls in any order', () => {
    let inOrder = 0;
    let reordered = 0;
    for (const messages of sample()) {
      messages.forEach((message, index) => {
        const callIds = toolCalls(message).map((call) => call.toolCallId);
        if (callIds.length < 2) return;
        const resultIds = messages
          .slice(index + 1, index + 1 + callIds.length)
          .flatMap((tool) => tool.content)
          .map((part) => (part.type === 'tool-result' ? part.toolCallId : ''));
        if (resultIds.length !== callIds.length) return;
        if (resultIds.join() === callIds.join()) inOrder++;
        else reordered++;
      });
    }
    expect(inOrder).toBeGreaterThan(0);
    expect(reordered).toBeGreaterThan(0);
  });

  it('should place injected reminders only after a user turn or after an exchange', () => {
    for (const messages of sample()) {
      messages.forEach((message, index) => {
        if (!isInjected(message)) return;
        const previous = messages[index - 1]!;
        expect(previous.role === 'tool' || previous.role === 'user').toBe(true);
        expect(message.metadata).toEqual({ acm: { kind: 'injected' } });
      });
    }
  });

  it('should be deterministic for a seed', () => {
    expect(sample({}, 20, 7)).toEqual(sample({}, 20, 7));
  });

  it('should shrink a failing property to a small conversation', () => {
    const details = fc.check(
      fc.property(
        conversationArbitrary(),
        (messages) => !messages.some((message) => message.role === 'tool'),
      ),
      { seed: 3, numRuns: 200 },
    );
    expect(details.failed).toBe(true);
    const counterexample = details.counterexample![0];
    // user, assistant call, one result, final answer (plus an optional system prompt).
    expect(
      counterexample
        .filter((message) => message.role !== 'system')
        .map((message) => message.role),
    ).toEqual(['user', 'assistant', 'tool', 'assistant']);
  });

  it('should check with a checker that rejects broken conversations', () => {
    const [messages] = sample(
      {
        minRounds: 2,
        inFlight: 'never',
        unansweredLastTurn: 'never',
        maxExchangesPerRound: 4,
      },
      1,
      11,
    );
    const withTools = sample(
      { minRounds: 2, inFlight: 'never', unansweredLastTurn: 'never' },
      50,
      11,
    ).find((conversation) =>
      conversation.some((message) => message.role === 'tool'),
    )!;
    expect(() => checkConversation(messages!)).not.toThrow();
    expect(() => checkConversation(withTools)).not.toThrow();
    const toolIndex = withTools.findIndex((message) => message.role === 'tool');
    const withoutResult = withTools.filter((_, index) => index !== toolIndex);
    expect(() => checkConversation(withoutResult)).toThrow(
      'unanswered calls before the end',
    );
    const moved = [...withTools, { ...withTools[toolIndex]!, id: 'extra' }];
    expect(() => checkConversation(moved)).toThrow(
      'tool message outside an exchange',
    );
    const duplicated = withTools.map((message, index) =>
      index === 1 ? { ...message, id: withTools[0]!.id } : message,
    );
    expect(() => checkConversation(duplicated)).toThrow('duplicate message id');
  });

  it('should reject options out of range', () => {
    expect(() => conversationArbitrary({ minRounds: 0 })).toThrow(
      InvalidArgumentError,
    );
    expect(() => conversationArbitrary({ minRounds: 4, maxRounds: 3 })).toThrow(
      'Invalid argument for parameter maxRounds: must be an integer of at least 4, received 3',
    );
    expect(() => conversationArbitrary({ maxToolCallsPerExchange: 0 })).toThrow(
      InvalidArgumentError,
    );
    expect(() =>
      conversationArbitrary({ largeOutputProbability: 1.5 }),
    ).toThrow(InvalidArgumentError);
    expect(() =>
      conversationArbitrary({ largeOutputChars: { min: 6_000, max: 5_000 } }),
    ).toThrow(InvalidArgumentError);
  });
});
