import { describe, expect, it } from 'vitest';
import { analyzeConversation } from '../../state/conversation/analyze-conversation';
import { STRATEGY_NAMES } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import { createMarkedTextMessage } from './create-marked-text-message';
import {
  assistant,
  charCounter,
  counterIds,
  exchange,
  testConfig,
  toolCall,
  toolResult,
  user,
} from './__fixtures__/strategy-fixtures';
import {
  countIntentFoldReserve,
  createStrategyContext,
  isPinnedMessage,
} from './create-strategy-context';
import { DEFAULT_STRATEGY_ORDER, STRATEGIES } from './default-strategy-order';

describe('createStrategyContext', () => {
  it('should protect what follows a call still waiting for its result, so no fold puts an assistant message after it', () => {
    const messages = [
      user('task'),
      assistant('a0'),
      toolCall('waiting', [{ toolCallId: 'w' }]),
      user('interjection'),
      user('latest'),
    ];
    const context = createStrategyContext({
      messages,
      config: testConfig(),
      counter: charCounter,
      generateId: counterIds(),
      pressure: { messageCount: false, tokens: true },
    });
    expect(messages.map((_, index) => context.isProtected(index))).toEqual([
      true, // the task
      false,
      true, // the waiting call
      true, // after it: folding would end the exchange without its result
      true,
    ]);
  });

  it('should protect pinned messages, policy tools and the in-flight exchange', () => {
    const messages = [
      user('u1'),
      { ...user('pinned'), metadata: { pinned: true } },
      { ...assistant('pinned-acm'), metadata: { acm: { pinned: true } } },
      toolCall('mixed', [
        { toolCallId: 'skill', toolName: 'read_skill' },
        { toolCallId: 'other', toolName: 'search' },
      ]),
      toolResult('skill-result', 'skill', 'doc', 'read_skill'),
      toolResult('other-result', 'other'),
      ...exchange('kept', 'x', 'memory_write'),
      ...exchange('plain'),
      toolCall('pinned-exchange', [{ toolCallId: 'p' }]),
      { ...toolResult('p-result', 'p'), metadata: { pinned: true } },
      assistant('a1'),
      ...exchange('active'),
    ];
    const context = createStrategyContext({
      messages,
      config: testConfig({
        toolPolicies: { neverCompress: ['read_skill'], pin: ['memory_write'] },
      }),
      counter: charCounter,
      generateId: counterIds(),
      pressure: { messageCount: false, tokens: true },
    });
    expect(messages.map((_, index) => context.isProtected(index))).toEqual([
      true, // u1: the task and the latest user request
      true,
      true,
      true,
      true,
      false,
      true,
      true,
      false,
      false,
      true,
      true,
      false,
      true,
      true,
    ]);
    expect(context.structure).toEqual(analyzeConversation(messages));
    expect(context.generateId()).toBe('gen-0');
    expect('planHint' in context).toBe(false);
  });

  it('should leave the task unprotected when it does not fit beside the in-flight exchange', () => {
    // charCounter: 4 + chars / 4 tokens. Task 404 chars = 105 tokens (≤ 25 % of 1000).
    const task = user('task', 't'.repeat(404));
    const build = (inFlightChars: number) =>
      createStrategyContext({
        messages: [
          task,
          ...exchange('old'),
          toolCall(
            'now-call',
            [{ toolCallId: 'now' }],
            'x'.repeat(inFlightChars),
          ),
          toolResult('now-result', 'now'),
        ],
        config: testConfig({ maxToken: 1000 }),
        counter: charCounter,
        generateId: counterIds(),
        pressure: { messageCount: false, tokens: true },
      });
    // In flight: 4 + 3000 / 4 = 754 (+ result): the task still fits.
    expect(build(3000).isProtected(0)).toBe(true);
    // In flight: 4 + 3600 / 4 = 904 (+ result): task + in flight > 1000.
    expect(build(3600).isProtected(0)).toBe(false);
    expect(build(3600).isProtected(3)).toBe(true);
    // In flight 854 (+ result): the task fits beside it, but not with the two
    // compact folds the rest needs at the least (countIntentFoldReserve).
    expect(build(3400).isProtected(0)).toBe(false);
    expect(countIntentFoldReserve(charCounter)).toBe(76);
  });
});

describe('isPinnedMessage', () => {
  it('should not protect the first user message left when a working summary before it holds the task', () => {
    const marker = {
      kind: 'rollup',
      strategy: 'rollupHistory',
      offloadId: 'r1',
      generation: 1,
    } as const;
    const messages = [
      createMarkedTextMessage({
        id: 'opener',
        role: 'user',
        text: 'Summary of the earlier conversation',
        marker,
      }),
      createMarkedTextMessage({
        id: 'rollup',
        role: 'assistant',
        text: 'Task and constraints:\n- book HAT-100',
        marker,
      }),
      user('u2'),
      assistant('a2'),
      user('latest'),
    ];
    const protectedIds = (offloads: Record<string, Message[]>) => {
      const context = createStrategyContext({
        messages,
        config: testConfig(),
        counter: charCounter,
        generateId: counterIds(),
        pressure: { messageCount: false, tokens: true },
        offloads,
      });
      return messages
        .filter((_, index) => context.isProtected(index))
        .map((message) => message.id);
    };
    // The task (u1) is behind the rollup: u2 is not the task.
    expect(protectedIds({ r1: [user('u1'), assistant('a1')] })).toEqual([
      'latest',
    ]);
    // A summary of an opening greeting alone: u2 is still the task.
    expect(protectedIds({ r1: [assistant('greeting')] })).toEqual([
      'u2',
      'latest',
    ]);
  });

  it('should accept metadata.pinned and metadata.acm.pinned only when true', () => {
    expect(isPinnedMessage({ ...user('a'), metadata: { pinned: true } })).toBe(
      true,
    );
    expect(
      isPinnedMessage({ ...user('b'), metadata: { acm: { pinned: true } } }),
    ).toBe(true);
    expect(isPinnedMessage({ ...user('c'), metadata: { pinned: 'yes' } })).toBe(
      false,
    );
    expect(isPinnedMessage(user('d'))).toBe(false);
  });
});

describe('DEFAULT_STRATEGY_ORDER', () => {
  it('should list the eight strategies in the order of DESIGN §3.6, without the last resort', () => {
    expect(DEFAULT_STRATEGY_ORDER).toEqual(
      STRATEGY_NAMES.filter((name) => name !== 'lastResort'),
    );
    expect(Object.keys(STRATEGIES)).toEqual([...STRATEGY_NAMES]);
  });
});
