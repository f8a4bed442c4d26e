import { describe, expect, it } from 'vitest';
import { checkStateContract } from '../../state/contract/check-state-contract';
import { analyzeConversation } from '../../state/conversation/analyze-conversation';
import type { Message } from '../../vocabulary/message/message';
import { extractIdentifierLedger } from '../../summary/text/extract-identifier-ledger';
import { renderLedger } from '../../summary/text/render-ledger';
import { renderTranscript } from '../../summary/text/render-transcript';
import {
  applyTestPlan,
  assistant,
  big,
  exchange,
  fixtureContext,
  stateOf,
  system,
  user,
} from './__fixtures__/strategy-fixtures';
import { BELOW_TOKEN_THRESHOLD } from './compress-tool-runs';
import { HAS_PROTECTED_MESSAGE, summarizeRounds } from './summarize-rounds';
import { renderReplacement } from './render-replacement';

const tag = (id: string) => `<!-- CONTEXT_OFFLOAD: uuid=${id} -->`;
const config = { minCompressionTokenThreshold: 500 };

function round(prefix: string, output: unknown = big(2500)): Message[] {
  return [
    user(`${prefix}-user`),
    ...exchange(prefix, output),
    assistant(`${prefix}-answer`),
  ];
}

describe('summarizeRounds', () => {
  it('should summarize every closed round before the latest final answer in one plan', () => {
    const messages = [
      system('sys'),
      ...round('r1'),
      ...round('r2'),
      ...round('r3'),
    ];
    const plan = summarizeRounds(fixtureContext(messages, { config }))!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 2, end: 5 },
      { start: 6, end: 9 },
    ]);
    expect(
      plan.tasks.map((task) => [
        task.key,
        task.messages.map((message) => message.id),
      ]),
    ).toEqual([
      ['summarizeRounds:1', ['r1-user', 'r1-call', 'r1-result', 'r1-answer']],
      ['summarizeRounds:5', ['r2-user', 'r2-call', 'r2-result', 'r2-answer']],
    ]);
    const span = messages.slice(2, 5);
    const ledger = extractIdentifierLedger(renderTranscript(span));
    expect(plan.edits[0]!.offloads).toEqual({ 'gen-0': span });
    expect(
      renderReplacement(plan.edits[0]!, {
        'summarizeRounds:1': 'The answer is 42.',
      }),
    ).toEqual([
      {
        id: 'gen-1',
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: ['The answer is 42.', renderLedger(ledger), tag('gen-0')]
              .filter(Boolean)
              .join('\n'),
          },
        ],
        metadata: {
          acm: {
            kind: 'round-summary',
            strategy: 'summarizeRounds',
            offloadId: 'gen-0',
            ledger,
            replaces: ['r1-call', 'r1-result', 'r1-answer'],
          },
        },
      },
    ]);
    const after = applyTestPlan(stateOf(messages), plan);
    expect(checkStateContract({ before: stateOf(messages), after })).toEqual(
      [],
    );
    expect(after.working.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
  });

  it('should not select a summarized round again (summaries are not final answers, #1483)', () => {
    const messages = [...round('r1'), ...round('r2'), ...round('r3')];
    const once = applyTestPlan(
      stateOf(messages),
      summarizeRounds(fixtureContext(messages, { config }))!,
    );
    expect(analyzeConversation(once.working).latestFinalAnswerIndex).toBe(7);
    expect(
      summarizeRounds(fixtureContext(once.working, { config })),
    ).toBeUndefined();
  });

  it('should skip rounds with only the answer and rounds below the token threshold', () => {
    const messages = [
      user('short'),
      assistant('short-answer'),
      ...round('small', 'tiny'),
      ...round('large'),
      ...round('last'),
    ];
    const plan = summarizeRounds(fixtureContext(messages, { config }))!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 7, end: 10 },
    ]);
    expect(plan.skipped).toEqual([
      { range: { start: 3, end: 6 }, reason: BELOW_TOKEN_THRESHOLD },
    ]);
  });

  it('should skip a round holding a pinned message', () => {
    const pinned = round('pinned').map((message) =>
      message.id === 'pinned-result'
        ? { ...message, metadata: { pinned: true } }
        : message,
    );
    const messages = [...pinned, ...round('last')];
    expect(
      summarizeRounds(fixtureContext(messages, { config })),
    ).toBeUndefined();
    const withOther = [...round('r0'), ...pinned, ...round('last')];
    const plan = summarizeRounds(fixtureContext(withOther, { config }))!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 1, end: 4 },
    ]);
    expect(plan.skipped).toEqual([
      { range: { start: 5, end: 8 }, reason: HAS_PROTECTED_MESSAGE },
    ]);
  });

  it('should plan nothing without a final answer', () => {
    expect(
      summarizeRounds(
        fixtureContext([user('u1'), ...exchange('a')], { config }),
      ),
    ).toBeUndefined();
  });
});
