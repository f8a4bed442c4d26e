import { describe, expect, it } from 'vitest';
import { checkStateContract } from '../../state/contract/check-state-contract';
import { analyzeConversation } from '../../state/conversation/analyze-conversation';
import type { Message } from '../../vocabulary/message/message';
import { getMessageText } from '../../vocabulary/message/message-text';
import { extractIdentifierLedger } from '../../summary/text/extract-identifier-ledger';
import { mergeLedgers } from '../../summary/text/merge-ledgers';
import { renderLedger } from '../../summary/text/render-ledger';
import { renderTranscript } from '../../summary/text/render-transcript';
import {
  applyTestPlan,
  assistant,
  big,
  charCounter,
  counterIds,
  exchange,
  fixtureContext,
  stateOf,
  system,
  user,
} from './__fixtures__/strategy-fixtures';
import { ROLLUP_USER_TEXT } from './plan-rollup';
import { DRAFT_OFFLOAD_ID } from './size-summary-to-room';
import { rollupHistory } from './rollup-history';
import { ROLLUP_MIN_TARGET_CHARS } from './tuning';
import { renderReplacement } from './render-replacement';
import { createMarkedTextMessage } from './create-marked-text-message';
import { LAST_RESORT_USER_TEXT } from './last-resort-fold';

const tag = (id: string) => `<!-- CONTEXT_OFFLOAD: uuid=${id} -->`;
const config = {
  // A budget so small that the task (the first user message) is above its
  // protected share (INTENT_BUDGET_SHARE): these tests are about the rollup's
  // mechanics; create-strategy-context.test.ts covers the task's protection.
  maxToken: 20,
  historyRollupKeepRecentRounds: 3,
  historyRollupKeepRecentTokens: 0,
};
const countOnly = { messageCount: true, tokens: false };

/** `count` text rounds `r<from>…`: user + answer each. */
function textRounds(count: number, from = 1): Message[] {
  return Array.from({ length: count }, (_, index) => [
    user(
      `u${from + index}`,
      `question ${from + index} about ticket HAT-${100 + from + index}`,
    ),
    assistant(`a${from + index}`),
  ]).flat();
}

describe('rollupHistory', () => {
  it('should fold the 8 oldest messages of 8 text rounds when keeping 3 rounds under count pressure', () => {
    const messages = textRounds(8);
    const plan = rollupHistory(
      fixtureContext(messages, { config, pressure: countOnly }),
    )!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 0, end: 8 },
    ]);
    const block = messages.slice(0, 8);
    expect(
      plan.tasks.map((task) => [task.key, task.strategy, task.messages]),
    ).toEqual([['rollupHistory', 'rollupHistory', block]]);
    expect(plan.edits[0]!.offloads).toEqual({ 'gen-0': block });
    const ledger = extractIdentifierLedger(renderTranscript(block));
    expect(
      renderReplacement(plan.edits[0]!, {
        rollupHistory: 'Four questions answered.',
      }),
    ).toEqual([
      {
        id: 'gen-1',
        role: 'user',
        content: [{ type: 'text', text: ROLLUP_USER_TEXT }],
        metadata: {
          acm: {
            kind: 'rollup',
            strategy: 'rollupHistory',
            offloadId: 'gen-0',
            generation: 1,
          },
        },
      },
      {
        id: 'gen-2',
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: [
              'Four questions answered.',
              renderLedger(ledger),
              tag('gen-0'),
            ]
              .filter(Boolean)
              .join('\n'),
          },
        ],
        metadata: {
          acm: {
            kind: 'rollup',
            strategy: 'rollupHistory',
            offloadId: 'gen-0',
            generation: 1,
            ledger,
            replaces: block.map((message) => message.id),
          },
        },
      },
    ]);
    const after = applyTestPlan(stateOf(messages), plan);
    expect(after.working).toHaveLength(10);
    expect(checkStateContract({ before: stateOf(messages), after })).toEqual(
      [],
    );
    expect(
      analyzeConversation(after.working).rounds.map((round) => round.start),
    ).toEqual([2, 4, 6, 8]);
  });

  it('should not run without pressure', () => {
    const messages = textRounds(8);
    expect(
      rollupHistory(
        fixtureContext(messages, {
          config,
          pressure: { messageCount: false, tokens: false },
        }),
      ),
    ).toBeUndefined();
  });

  it('should cap the window at historyRollupKeepRecentTokens under token pressure alone', () => {
    const messages = [
      ...textRounds(4),
      user('anchor-user'),
      assistant('anchor', big(4000)),
      ...textRounds(2, 6),
    ];
    const tokensOnly = { messageCount: false, tokens: true };
    // The anchor round does not fit the 300-token window: it is rolled up too.
    const plan = rollupHistory(
      fixtureContext(messages, {
        config: { ...config, historyRollupKeepRecentTokens: 300 },
        pressure: tokensOnly,
      }),
    )!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 0, end: 10 },
    ]);
  });

  it('should widen the window until it holds historyRollupKeepRecentTokens', () => {
    const messages = [
      ...textRounds(4),
      user('anchor-user'),
      assistant('anchor', big(4000)),
      ...textRounds(2, 6),
    ];
    const plan = rollupHistory(
      fixtureContext(messages, {
        config: {
          maxToken: 20,
          historyRollupKeepRecentRounds: 1,
          historyRollupKeepRecentTokens: 1000,
        },
        pressure: countOnly,
      }),
    )!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 0, end: 8 },
    ]);
  });

  it('should leave an active tool round untouched', () => {
    const messages = [
      system('sys'),
      ...textRounds(6),
      user('current'),
      ...exchange('active_call', big(9000)),
    ];
    const plan = rollupHistory(
      fixtureContext(messages, {
        config: { ...config, historyRollupKeepRecentRounds: 2 },
        pressure: countOnly,
      }),
    )!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 1, end: 9 },
    ]);
    const after = applyTestPlan(stateOf(messages), plan);
    expect(after.working.slice(-3)).toEqual(messages.slice(-3));
    expect(checkStateContract({ before: stateOf(messages), after })).toEqual(
      [],
    );
  });

  it('should merge with the preceding rollup, raise the generation and keep the earlier entry reachable', () => {
    const messages = [system('sys'), ...textRounds(8)];
    const first = applyTestPlan(
      stateOf(messages),
      rollupHistory(fixtureContext(messages, { config, pressure: countOnly }))!,
    );
    const grown = [...first.working, ...textRounds(4, 9)];
    const state = {
      ...first,
      working: grown,
      original: [...first.original, ...grown.slice(first.working.length)],
    };
    const context = fixtureContext(grown, {
      config,
      pressure: countOnly,
      offloads: first.offloads,
    });
    const plan = rollupHistory({
      ...context,
      generateId: counterIds('second'),
    })!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 1, end: 11 },
    ]);
    const [, previousSummary] = first.working.slice(1, 3);
    expect(plan.tasks[0]!.messages.map((message) => message.id)).toEqual([
      previousSummary!.id,
      'u5',
      'a5',
      'u6',
      'a6',
      'u7',
      'a7',
      'u8',
      'a8',
    ]);
    const previousText = plan.tasks[0]!.messages[0]!.content[0]!;
    expect(
      previousText.type === 'text' &&
        previousText.text.includes('CONTEXT_OFFLOAD'),
    ).toBe(false);
    const built = renderReplacement(plan.edits[0]!, {
      rollupHistory: 'Merged.',
    });
    expect(
      built.map(
        (message) =>
          (message.metadata?.acm as { generation: number }).generation,
      ),
    ).toEqual([2, 2]);
    const previousLedger = (previousSummary!.metadata!.acm as { ledger: never })
      .ledger;
    expect((built[1]!.metadata!.acm as { ledger: unknown }).ledger).toEqual(
      mergeLedgers(
        previousLedger,
        extractIdentifierLedger(renderTranscript(grown.slice(3, 11))),
      ),
    );
    const after = applyTestPlan(state, plan);
    expect(Object.keys(after.offloads)).toEqual(['gen-0', 'second-0']);
    // Flat: the new entry holds the originals, not the earlier rollup.
    expect(after.offloads['second-0']).toEqual([
      ...first.offloads['gen-0']!,
      ...grown.slice(3, 11),
    ]);
    expect(checkStateContract({ before: state, after })).toEqual([]);
  });

  it('should write the working summary again from its text, sized to its share of the room, when over the budget', () => {
    // Long originals beside the summary below, and a large current round.
    const messages = [
      system('sys'),
      ...textRounds(8).map((message) =>
        message.role === 'user'
          ? user(
              message.id,
              `${getMessageText(message)} ${'detail '.repeat(40)}`,
            )
          : message,
      ),
    ];
    const first = applyTestPlan(
      stateOf(messages),
      rollupHistory(fixtureContext(messages, { config, pressure: countOnly }))!,
    );
    // The rollup pair (a summary larger than its share, below), then a
    // current round growing past the budget.
    const [opener, summary] = first.working.slice(1, 3);
    const pair = [
      opener!,
      {
        ...summary!,
        content: [
          {
            type: 'text' as const,
            text: `${'HAT-101 to HAT-108 were answered. '.repeat(20)}\n${tag('gen-0')}`,
          },
        ],
      },
    ];
    const grown = [
      system('sys'),
      ...pair,
      user('u9', 'change HAT-109'),
      ...exchange('e1', big(9600)),
      ...exchange('e2', big(400)),
    ];
    const context = fixtureContext(grown, {
      config: { ...config, maxToken: 700 },
      messageBudget: 700,
      pressure: { messageCount: false, tokens: true },
      offloads: first.offloads,
    });
    const plan = rollupHistory(context)!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 1, end: 3 },
    ]);
    // From the earlier rollup's text, not from the originals behind it
    // (incremental: they reached the summarizer once already).
    expect(plan.tasks[0]!.messages).toEqual([
      createMarkedTextMessage({
        id: summary!.id,
        role: 'assistant',
        text: 'HAT-101 to HAT-108 were answered. '.repeat(20).trim(),
        marker: { kind: 'rollup', strategy: 'rollupHistory' },
      }),
    ]);
    // The new entry still holds the originals (flat).
    expect(plan.edits[0]!.offloads['gen-0']).toEqual(first.offloads['gen-0']);
    // Its share of the room (beside system, request and the in-flight e2,
    // shared with the large e1 by size) is under the floor.
    expect(plan.tasks[0]!.targetChars).toBe(ROLLUP_MIN_TARGET_CHARS);

    // An explicit re-summary of everything reads the originals instead.
    const again = rollupHistory({ ...context, resummarize: true })!;
    expect(again.tasks[0]!.messages.map((message) => message.id)).toEqual(
      first.offloads['gen-0']!.map((message) => message.id),
    );
  });

  it('should write a working summary alone again from its originals on an explicit re-summary, and not otherwise', () => {
    const messages = [system('sys'), ...textRounds(8)];
    const first = applyTestPlan(
      stateOf(messages),
      rollupHistory(fixtureContext(messages, { config, pressure: countOnly }))!,
    );
    // Nothing new since the rollup: the current round only.
    const working = [...first.working.slice(0, 3), user('u9', 'and now?')];
    const context = fixtureContext(working, {
      config,
      pressure: { messageCount: false, tokens: true },
      offloads: first.offloads,
    });
    expect(rollupHistory(context)).toBeUndefined();
    const plan = rollupHistory({ ...context, resummarize: true })!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 1, end: 3 },
    ]);
    expect(plan.tasks[0]!.messages.map((message) => message.id)).toEqual(
      first.offloads['gen-0']!.map((message) => message.id),
    );
    expect(Object.values(plan.edits[0]!.offloads)).toEqual([
      first.offloads['gen-0'],
    ]);
  });

  it('should take in the messages before the first round (an opening greeting) when the block reaches it', () => {
    const messages = [
      system('sys'),
      assistant('greeting', 'Hi! How can I help you today?'),
      ...textRounds(6),
    ];
    const plan = rollupHistory(
      fixtureContext(messages, { config, pressure: countOnly }),
    )!;
    // r1 and r2 go (the current round r6 and 3 closed ones are kept), and
    // the greeting with them.
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 1, end: 6 },
    ]);
    expect(plan.tasks[0]!.messages.map((message) => message.id)).toEqual([
      'greeting',
      'u1',
      'a1',
      'u2',
      'a2',
    ]);
  });

  it('should roll up what an earlier fold left before the first round, counting the messages the fold stands for', () => {
    const folded = textRounds(3);
    const marker = {
      kind: 'last-resort',
      strategy: 'lastResort',
      offloadId: 'fold-1',
      generation: 1,
    } as const;
    const messages = [
      system('sys'),
      createMarkedTextMessage({
        id: 'fold-user',
        role: 'user',
        text: LAST_RESORT_USER_TEXT,
        marker,
      }),
      createMarkedTextMessage({
        id: 'fold',
        role: 'assistant',
        text: `Folded 6 messages.\n${tag('fold-1')}`,
        marker,
      }),
      assistant('left', 'Here are the flights for HAT-104.'),
      user('now', 'the first one, please'),
    ];
    const context = fixtureContext(messages, {
      config,
      pressure: countOnly,
      offloads: { 'fold-1': folded },
    });
    // No closed round before the current one: the three messages before it
    // stand for seven originals, so they are not too few to roll up.
    expect(analyzeConversation(messages).rounds).toHaveLength(1);
    const plan = rollupHistory(context)!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 1, end: 4 },
    ]);
    expect(plan.edits[0]!.offloads['gen-0']).toEqual([...folded, messages[3]]);
    // Three messages that stand for three are too few.
    const small = [
      system('sys'),
      assistant('greeting'),
      user('u1'),
      assistant('a1'),
      user('now'),
    ];
    expect(
      rollupHistory(fixtureContext(small, { config, pressure: countOnly })),
    ).toBeUndefined();
  });

  it('should write the working summary again with the rounds closed after it when over the budget', () => {
    const messages = [system('sys'), ...textRounds(8)];
    const first = applyTestPlan(
      stateOf(messages),
      rollupHistory(fixtureContext(messages, { config, pressure: countOnly }))!,
    );
    const pair = first.working.slice(1, 3);
    const grown = [
      system('sys'),
      ...pair,
      // Larger than the intent's share: not protected.
      user('u9', `about HAT-109 ${big(800)}`),
      assistant('a9', 'HAT-109 is booked.'),
      user('u10', 'change HAT-109'),
      ...exchange('e1', big(2400)),
      ...exchange('e2', big(400)),
    ];
    const context = fixtureContext(grown, {
      config: { ...config, maxToken: 700 },
      messageBudget: 700,
      pressure: { messageCount: false, tokens: true },
      offloads: first.offloads,
    });
    const plan = rollupHistory(context)!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 1, end: 5 },
    ]);
    // The earlier summary's text and the rounds closed since.
    expect(plan.tasks[0]!.messages.map((message) => message.id)).toEqual([
      pair[1]!.id,
      'u9',
      'a9',
    ]);
    expect(plan.edits[0]!.offloads['gen-0']).toEqual([
      ...first.offloads['gen-0']!,
      grown[3],
      grown[4],
    ]);
  });

  it('should not write an earlier working summary again on its own under the budget, nor over it when it is within its share', () => {
    const messages = [system('sys'), ...textRounds(8)];
    const first = applyTestPlan(
      stateOf(messages),
      rollupHistory(fixtureContext(messages, { config, pressure: countOnly }))!,
    );
    const pair = first.working.slice(1, 3);
    // The pair and the current request: nothing new to roll up.
    const alone = [system('sys'), ...pair, user('u9', 'change HAT-109')];
    expect(
      rollupHistory(
        fixtureContext(alone, {
          config,
          pressure: countOnly,
          offloads: first.offloads,
        }),
      ),
    ).toBeUndefined();
    // Over the budget, its share of the room (beside the consumed e1) holds
    // its 6-token summary already: a new one would not be smaller.
    const grown = [
      ...alone,
      ...exchange('e1', big(400)),
      ...exchange('e2', big(400)),
    ];
    const over = fixtureContext(grown, {
      config: { ...config, maxToken: 250 },
      messageBudget: 250,
      pressure: { messageCount: false, tokens: true },
      offloads: first.offloads,
    });
    expect(charCounter.countMessages(grown)).toBeGreaterThan(250);
    expect(rollupHistory(over)).toBeUndefined();
    // With less room the same summary is written again, smaller.
    const tight = fixtureContext(grown, {
      config: { ...config, maxToken: 160 },
      messageBudget: 160,
      pressure: { messageCount: false, tokens: true },
      offloads: first.offloads,
    });
    expect(rollupHistory(tight)?.edits.map((edit) => edit.range)).toEqual([
      { start: 1, end: 3 },
    ]);
  });

  it('should size a resized working summary so that the whole pair fits its share of the room', () => {
    // Long rounds: their transcript is larger than the room.
    const messages = [
      system('sys'),
      ...textRounds(8).map((message) =>
        message.role === 'assistant'
          ? assistant(message.id, `answer ${message.id} ${big(400, 'z')}`)
          : message,
      ),
    ];
    const first = applyTestPlan(
      stateOf(messages),
      rollupHistory(fixtureContext(messages, { config, pressure: countOnly }))!,
    );
    const [opener, summary] = first.working.slice(1, 3);
    const long = {
      ...summary!,
      content: [
        {
          type: 'text' as const,
          text: `${'HAT-101 to HAT-108 were answered. '.repeat(40)}\n${tag('gen-0')}`,
        },
      ],
    };
    // Nothing consumed in the current round (the request and the exchange in
    // flight): the history's share is all the room.
    const grown = [
      system('sys'),
      opener!,
      long,
      user('u9', 'change HAT-109'),
      ...exchange('e1', big(400)),
    ];
    const budget = 300;
    const plan = rollupHistory(
      fixtureContext(grown, {
        config: { ...config, maxToken: budget },
        messageBudget: budget,
        pressure: { messageCount: false, tokens: true },
        offloads: first.offloads,
      }),
    )!;
    const targetChars = plan.tasks[0]!.targetChars!;
    const after = [
      grown[0]!,
      ...renderReplacement(plan.edits[0]!, {
        rollupHistory: 'y'.repeat(targetChars),
      }),
      ...grown.slice(3),
    ];
    expect(charCounter.countMessages(grown)).toBeGreaterThan(budget);
    expect(charCounter.countMessages(after)).toBeLessThanOrEqual(budget);
    // …and uses it: within 10 % of the budget, once the fixture's short
    // offload id is counted as wide as the one the pair was sized with.
    const idWidth =
      charCounter.countText(DRAFT_OFFLOAD_ID) -
      charCounter.countText(Object.keys(plan.edits[0]!.offloads)[0]!);
    expect(charCounter.countMessages(after) + idWidth).toBeGreaterThan(
      budget * 0.9,
    );
  });

  it('should skip when no round is closed or the block is under 4 messages', () => {
    const onlyUsers = Array.from({ length: 30 }, (_, index) =>
      user(`u${index}`),
    );
    expect(
      rollupHistory(fixtureContext(onlyUsers, { config, pressure: countOnly })),
    ).toBeUndefined();
    expect(
      rollupHistory(
        fixtureContext(textRounds(5), { config, pressure: countOnly }),
      ),
    ).toBeUndefined();
  });

  it('should stop the block at an unanswered round', () => {
    const messages = [...textRounds(3), user('orphan'), ...textRounds(6, 4)];
    const plan = rollupHistory(
      fixtureContext(messages, { config, pressure: countOnly }),
    )!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 7, end: 11 },
    ]);
  });
});
