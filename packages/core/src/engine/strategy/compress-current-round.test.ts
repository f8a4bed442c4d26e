import { describe, expect, it } from 'vitest';
import { checkStateContract } from '../../state/contract/check-state-contract';
import { analyzeConversation } from '../../state/conversation/analyze-conversation';
import { extractIdentifierLedger } from '../../summary/text/extract-identifier-ledger';
import { renderLedger } from '../../summary/text/render-ledger';
import {
  applyTestPlan,
  assistant,
  big,
  exchange,
  fixtureContext,
  stateOf,
  user,
} from './__fixtures__/strategy-fixtures';
import { compressCurrentRound } from './compress-current-round';
import { renderReplacement } from './render-replacement';

const tag = (id: string) => `<!-- CONTEXT_OFFLOAD: uuid=${id} -->`;
const tokensOnly = { messageCount: false, tokens: true };

describe('compressCurrentRound', () => {
  it('should compress consumed results to the ratio and keep every call, result and id (#1026, #1482)', () => {
    const messages = [
      user('u1'),
      assistant('a1'),
      user('u2'),
      ...exchange('long', big(1000)),
      ...exchange('short', 'ok'),
      ...exchange('active', big(9000)),
    ];
    const plan = compressCurrentRound(
      fixtureContext(messages, { pressure: tokensOnly }),
    )!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 4, end: 5 },
    ]);
    expect(
      plan.tasks.map((task) => [task.key, task.targetChars, task.messages]),
    ).toEqual([['compressCurrentRound:4:0', 300, [messages[4]]]]);
    const ledger = extractIdentifierLedger(big(1000));
    expect(
      renderReplacement(plan.edits[0]!, {
        'compressCurrentRound:4:0': 'x repeated.',
      }),
    ).toEqual([
      {
        id: 'gen-1',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'long',
            toolName: 'search',
            output: ['x repeated.', renderLedger(ledger), tag('gen-0')]
              .filter(Boolean)
              .join('\n'),
          },
        ],
        metadata: {
          acm: {
            kind: 'current-round-compression',
            strategy: 'compressCurrentRound',
            offloadId: 'gen-0',
            ledger,
            replaces: ['long-result'],
          },
        },
      },
    ]);
    const after = applyTestPlan(stateOf(messages), plan);
    expect(after.working.map((message) => message.role)).toEqual(
      messages.map((message) => message.role),
    );
    expect(after.working.slice(-2)).toEqual(messages.slice(-2));
    expect(
      analyzeConversation(after.working).exchanges.map(
        (exchange) => exchange.toolCallIds,
      ),
    ).toEqual([['long'], ['short'], ['active']]);
    expect(checkStateContract({ before: stateOf(messages), after })).toEqual(
      [],
    );
  });

  it('should compress large assistant text of a text-only current round but never the last message', () => {
    const messages = [
      user('u1'),
      assistant('a1'),
      user('u2'),
      assistant('long', big(6000)),
      assistant('last', big(6000)),
    ];
    const plan = compressCurrentRound(
      fixtureContext(messages, { pressure: tokensOnly }),
    )!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 3, end: 4 },
    ]);
    expect(plan.tasks[0]!.targetChars).toBe(1800);
    const after = applyTestPlan(stateOf(messages), plan);
    expect(after.working[4]).toBe(messages[4]);
    expect(checkStateContract({ before: stateOf(messages), after })).toEqual(
      [],
    );
  });

  it('should not run under message-count pressure alone', () => {
    const messages = [
      user('u1'),
      ...exchange('long', big(1000)),
      assistant('f1'),
    ];
    expect(
      compressCurrentRound(
        fixtureContext(messages, {
          pressure: { messageCount: true, tokens: false },
        }),
      ),
    ).toBeUndefined();
  });

  it('should leave an active tool round untouched', () => {
    const messages = [
      user('u1'),
      assistant('a1'),
      user('u2'),
      ...exchange('active', big(9000)),
    ];
    expect(
      compressCurrentRound(fixtureContext(messages, { pressure: tokensOnly })),
    ).toBeUndefined();
  });
});
