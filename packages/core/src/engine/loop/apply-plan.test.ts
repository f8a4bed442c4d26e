import { describe, expect, it } from 'vitest';
import { textMessage } from '../../vocabulary/message/__fixtures__/message-builders';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { Message } from '../../vocabulary/message/message';
import { createContextState } from '../../state/context-state/create-context-state';
import type {
  CompressionPlan,
  PlannedEdit,
} from '../strategy/compression-plan';
import { fixedClock } from '../../testing/fixed-clock';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import { applyPlan } from './apply-plan';

const messages: readonly Message[] = [
  textMessage('m0', 'system', 'You are helpful.'),
  textMessage('m1', 'user', 'first question '.repeat(20)),
  textMessage('m2', 'assistant', 'first answer '.repeat(20)),
  textMessage('m3', 'user', 'second question '.repeat(20)),
  textMessage('m4', 'assistant', 'second answer '.repeat(20)),
  textMessage('m5', 'user', 'third question'),
];

function summaryEdit(
  start: number,
  end: number,
  key: string,
  offloadId?: string,
): PlannedEdit {
  return {
    range: { start, end },
    offloads:
      offloadId === undefined
        ? {}
        : { [offloadId]: messages.slice(start, end) },
    taskKeys: [key],
    replacement: [
      {
        id: `summary-${key}`,
        role: 'assistant',
        content: [{ type: 'text', text: '' }],
        metadata: {
          acm: { kind: 'round-summary', strategy: 'summarizeRounds' },
        },
      },
    ],
    placements: [
      {
        message: 0,
        part: 0,
        taskKey: key,
        ledger: { paths: [], identifiers: [], numbers: [], errors: [] },
        offloadId: offloadId ?? `none-${key}`,
      },
    ],
  };
}

function plan(edits: PlannedEdit[]): CompressionPlan {
  return { strategy: 'summarizeRounds', edits, tasks: [], skipped: [] };
}

describe('applyPlan', () => {
  const counter = createApproximateTokenCounter();
  const state = createContextState({ sessionId: 'session', messages });

  it('should splice every edit in at once, with ranges as before the edit', () => {
    const next = applyPlan({
      state,
      plan: plan([summaryEdit(1, 3, 'a', 'off-a'), summaryEdit(3, 5, 'b')]),
      summaries: { a: 'summary A', b: 'summary B' },
      costs: {
        a: { inputTokens: 100, outputTokens: 10, durationMs: 40 },
      },
      clock: fixedClock(1000),
      counter,
    });

    expect(next.working.map((message) => message.id)).toEqual([
      'm0',
      'summary-a',
      'summary-b',
      'm5',
    ]);
    expect(next.original).toBe(state.original);
    expect(next.offloads).toEqual({ 'off-a': messages.slice(1, 3) });
    expect(next.revision).toBe(state.revision + 1);
    expect(next.events).toEqual([
      {
        type: 'compression',
        strategy: 'summarizeRounds',
        at: 1000,
        range: { start: 1, end: 3 },
        messageCount: 2,
        tokensBefore: counter.countMessages(messages.slice(1, 3)),
        tokensAfter: counter.countMessages([next.working[1]!]),
        offloadIds: ['off-a'],
        summarizer: { inputTokens: 100, outputTokens: 10, durationMs: 40 },
        previousMessageId: 'm0',
        nextMessageId: 'm3',
        replacementIds: ['summary-a'],
      },
      {
        type: 'compression',
        strategy: 'summarizeRounds',
        at: 1000,
        range: { start: 3, end: 5 },
        messageCount: 2,
        tokensBefore: counter.countMessages(messages.slice(3, 5)),
        tokensAfter: counter.countMessages([next.working[2]!]),
        offloadIds: [],
        previousMessageId: 'm2',
        nextMessageId: 'm5',
        replacementIds: ['summary-b'],
      },
    ]);
  });

  it('should place each summary where the edit says, before the offload tag', () => {
    const next = applyPlan({
      state,
      plan: plan([summaryEdit(1, 3, 'a', 'off-a')]),
      summaries: { a: 'summary A' },
      clock: fixedClock(0),
      counter,
    });

    expect(next.working[1]!.content).toEqual([
      {
        type: 'text',
        text: 'summary A\n<!-- CONTEXT_OFFLOAD: uuid=off-a -->',
      },
    ]);
  });

  it('should use the replacements it is given instead of rendering them', () => {
    const given = textMessage('given', 'assistant', 'rendered before');
    const next = applyPlan({
      state,
      plan: plan([summaryEdit(1, 3, 'a', 'off-a')]),
      summaries: { a: 'summary A' },
      replacements: [[given]],
      clock: fixedClock(0),
      counter,
    });

    expect(next.working.map((message) => message.id)).toEqual([
      'm0',
      'given',
      'm3',
      'm4',
      'm5',
    ]);
    expect(next.working[1]).toBe(given);
  });

  it('should set previousMessageId and nextMessageId to null at the edges', () => {
    const next = applyPlan({
      state,
      plan: plan([summaryEdit(0, 6, 'all')]),
      summaries: { all: 'everything' },
      clock: fixedClock(0),
      counter,
    });

    expect(next.events[0]).toMatchObject({
      previousMessageId: null,
      nextMessageId: null,
    });
  });

  it('should not mutate the input state', () => {
    const before = structuredClone(state);
    applyPlan({
      state,
      plan: plan([summaryEdit(1, 3, 'a', 'off-a')]),
      summaries: { a: 'summary A' },
      clock: fixedClock(0),
      counter,
    });

    expect(state).toEqual(before);
  });

  it('should refuse overlapping edits', () => {
    const apply = () =>
      applyPlan({
        state,
        plan: plan([summaryEdit(1, 4, 'a'), summaryEdit(3, 5, 'b')]),
        summaries: { a: 'A', b: 'B' },
        clock: fixedClock(0),
        counter,
      });

    expect(apply).toThrow(InvalidArgumentError);
    expect(apply).toThrow(
      'Invalid argument for parameter plan: plan.edits[1].range [3, 5) overlaps or precedes the previous edit (which ends at 4)',
    );
  });

  it('should refuse an offload id that already exists in the state', () => {
    const withOffload = { ...state, offloads: { 'off-a': [messages[1]!] } };

    expect(() =>
      applyPlan({
        state: withOffload,
        plan: plan([summaryEdit(1, 3, 'a', 'off-a')]),
        summaries: { a: 'A' },
        clock: fixedClock(0),
        counter,
      }),
    ).toThrow('plan.edits[0] offload id off-a already exists');
  });

  it('should refuse an offload id used twice in one plan', () => {
    expect(() =>
      applyPlan({
        state,
        plan: plan([
          summaryEdit(1, 3, 'a', 'off-x'),
          summaryEdit(3, 5, 'b', 'off-x'),
        ]),
        summaries: { a: 'A', b: 'B' },
        clock: fixedClock(0),
        counter,
      }),
    ).toThrow('plan.edits[1] offload id off-x already exists');
  });

  it('should refuse a range past the end of working memory', () => {
    expect(() =>
      applyPlan({
        state,
        plan: plan([summaryEdit(4, 9, 'a')]),
        summaries: { a: 'A' },
        clock: fixedClock(0),
        counter,
      }),
    ).toThrow('plan.edits[0].range [4, 9) ends past the 6 working messages');
  });

  it('should refuse a plan whose summary is missing', () => {
    expect(() =>
      applyPlan({
        state,
        plan: plan([summaryEdit(1, 3, 'a')]),
        summaries: {},
        clock: fixedClock(0),
        counter,
      }),
    ).toThrow('plan.edits[0] needs the summary of task a, which is missing');
  });
});
