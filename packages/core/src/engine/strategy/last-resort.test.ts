import { describe, expect, it } from 'vitest';
import { checkStateContract } from '../../state/contract/check-state-contract';
import { extractIdentifierLedger } from '../../summary/text/extract-identifier-ledger';
import { renderLedger } from '../../summary/text/render-ledger';
import { renderTranscript } from '../../summary/text/render-transcript';
import { writeSectionedSummary } from '../../summary/summarizer/write-sectioned-summary';
import {
  applyTestPlan,
  assistant,
  big,
  charCounter,
  exchange,
  fixtureContext,
  stateOf,
  system,
  user,
} from './__fixtures__/strategy-fixtures';
import { lastResort } from './last-resort';
import { LAST_RESORT_USER_TEXT } from './last-resort-fold';
import { renderReplacement } from './render-replacement';

const tag = (id: string) => `<!-- CONTEXT_OFFLOAD: uuid=${id} -->`;

function conversation() {
  return [
    system('sys'),
    user('u1'),
    assistant('a1'),
    user('u2'),
    assistant('a2', big(3000)),
    user('u3'),
    ...exchange('e1', big(3000)),
    ...exchange('e2', big(3000)),
    ...exchange('e3', big(3000)),
  ];
}

describe('lastResort', () => {
  it('should fold everything but the system prompt, the current user message and the tail into stubs', () => {
    const messages = conversation();
    // A budget so small that the task (u1) is above its protected share
    // (INTENT_BUDGET_SHARE): this test is about the fold's mechanics.
    // A fold budget that keeps the tail but needs both runs folded (the
    // newest run alone is not enough), with room for full summaries.
    const plan = lastResort(
      fixtureContext(messages, {
        config: { maxToken: 20 },
        messageBudget: 2300,
      }),
    )!;
    expect(plan.tasks).toEqual([]);
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 1, end: 5 },
      { start: 6, end: 8 },
    ]);
    const span = messages.slice(1, 5);
    const transcript = renderTranscript(span);
    const ledger = extractIdentifierLedger(transcript);
    // Room to spare: the sectioned summary is a quarter of the transcript.
    const summary = `Folded 4 messages.\n${writeSectionedSummary(transcript, Math.ceil(transcript.length / 4))}`;
    expect(plan.edits[0]!.offloads).toEqual({ 'gen-0': span });
    expect(renderReplacement(plan.edits[0]!, {})).toEqual([
      {
        id: 'gen-1',
        role: 'user',
        content: [{ type: 'text', text: LAST_RESORT_USER_TEXT }],
        metadata: {
          acm: {
            kind: 'last-resort',
            strategy: 'lastResort',
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
              summary,
              renderLedger(ledger, { summary: `${summary}\n` }),
              tag('gen-0'),
            ]
              .filter(Boolean)
              .join('\n'),
          },
        ],
        metadata: {
          acm: {
            kind: 'last-resort',
            strategy: 'lastResort',
            offloadId: 'gen-0',
            generation: 1,
            ledger,
            replaces: ['u1', 'a1', 'u2', 'a2'],
            // No summarizer has seen them: the next summary reads them.
            unsummarized: ['u1', 'a1', 'u2', 'a2'],
          },
        },
      },
    ]);
    const after = applyTestPlan(stateOf(messages), plan);
    expect(after.working.map((message) => message.id)).toEqual([
      'sys',
      'gen-1',
      'gen-2',
      'u3',
      'gen-4',
      'e2-call',
      'e2-result',
      'e3-call',
      'e3-result',
    ]);
    expect(checkStateContract({ before: stateOf(messages), after })).toEqual(
      [],
    );
    expect(after.working.length).toBeLessThan(messages.length);
  });

  it('should fold nothing when a fold would not save tokens', () => {
    const messages = [
      user('u1', 'hi'),
      assistant('a1', 'ok'),
      user('u2'),
      assistant('a2'),
    ];
    expect(lastResort(fixtureContext(messages))).toBeUndefined();
  });

  it('should split the fold around pinned messages', () => {
    const messages = conversation().map((message) =>
      message.id === 'u2'
        ? { ...message, metadata: { pinned: true } }
        : message,
    );
    const plan = lastResort(fixtureContext(messages, { messageBudget: 2300 }))!;
    // a2 alone is a run: one large message is folded too.
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 4, end: 5 },
      { start: 6, end: 8 },
    ]);
  });

  it('should fold the newest run alone when that is enough', () => {
    const messages = conversation();
    const plan = lastResort(
      fixtureContext(messages, {
        config: { maxToken: 20 },
        messageBudget: 1_000_000,
      }),
    )!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 6, end: 8 },
    ]);
  });

  it('should size the sectioned summary of a fold to the room the budget leaves', () => {
    const messages = conversation();
    const total = charCounter.countMessages(messages);
    const plan = lastResort(
      fixtureContext(messages, {
        config: { maxToken: 20 },
        messageBudget: total - 1500,
      }),
    )!;
    const after = applyTestPlan(stateOf(messages), plan);
    expect(charCounter.countMessages(after.working)).toBeLessThan(total - 1500);
    const stubs = after.working.filter(
      (message) =>
        message.role === 'assistant' && message.metadata?.acm !== undefined,
    );
    expect(stubs.length).toBeGreaterThan(0);
    for (const stub of stubs) {
      const text = (stub.content[0] as { text: string }).text;
      expect(text).toMatch(
        /^Folded \d+ messages\.\n(Task and constraints|Progress and decisions|Next step):/,
      );
    }
  });

  it('should replace an earlier fold by a flat one whose entry holds the originals', () => {
    const messages = conversation();
    const first = applyTestPlan(
      stateOf(messages),
      lastResort(fixtureContext(messages))!,
    );
    const appended = [assistant('a3', big(2000)), user('u4')];
    const grown = [...first.working, ...appended];
    const grownState = {
      ...first,
      working: grown,
      original: [...messages, ...appended],
    };
    const plan = lastResort(
      fixtureContext(grown, { offloads: first.offloads }),
    )!;
    const after = applyTestPlan(grownState, plan);
    const folds = after.working.filter(
      (message) => message.metadata?.acm !== undefined,
    );
    // u4 opens the current round now: one flat fold of every original before
    // a3, except the task (u1), which stays verbatim.
    const entries = Object.keys(plan.edits[0]!.offloads).map(
      (id) => plan.edits[0]!.offloads[id]!,
    );
    expect(entries[0]!.map((message) => message.id)).toEqual([
      'a1',
      'u2',
      'a2',
      'u3',
      'e1-call',
      'e1-result',
      'e2-call',
      'e2-result',
      'e3-call',
      'e3-result',
    ]);
    const allNew = plan.edits.flatMap((edit) => Object.values(edit.offloads));
    for (const entry of allNew) {
      for (const message of entry) {
        expect(message.metadata?.acm).toBeUndefined();
      }
    }
    expect(
      folds.map(
        (message) =>
          (message.metadata!.acm as { generation: number }).generation,
      ),
    ).toEqual([2]);
    const text = JSON.stringify(after.working);
    expect(text.match(/Folded \d+ messages/g)?.length).toBe(1);
    expect(text).not.toContain('(last-resort)');
    expect(checkStateContract({ before: grownState, after })).toEqual([]);
  });

  it('should fold the tail too when keeping it would exceed the budget', () => {
    const messages = [
      system('sys'),
      user('u1'),
      assistant('a1', big(4000)),
      ...exchange('e1', big(4000)),
      ...exchange('e2', big(4000)),
    ];
    // e2 is in flight (not yet answered): it stays; a1 and e1 go.
    const generous = lastResort(fixtureContext(messages))!;
    expect(generous.edits.map((edit) => edit.range)).toEqual([
      { start: 2, end: 3 },
    ]);
    const tight = lastResort(
      fixtureContext(messages, { messageBudget: 1500 }),
    )!;
    expect(tight.edits.map((edit) => edit.range)).toEqual([
      { start: 2, end: 5 },
    ]);
    const after = applyTestPlan(stateOf(messages), tight);
    expect(charCounter.countMessages(after.working)).toBeLessThan(1500);
    expect(after.working.map((message) => message.id).slice(-2)).toEqual([
      'e2-call',
      'e2-result',
    ]);
  });

  it('should fold the current request too, as the last level, when it is not protected and nothing else fits', () => {
    const messages = [
      system('sys'),
      user('u1'),
      assistant('a1', big(400)),
      user('u2', big(440)),
      ...exchange('e1', big(2000)),
    ];
    // In flight e1 (516 tokens) and the system prompt (8) leave too little
    // for u2 (114) beside the task (7) and two compact folds (74): u2 is not
    // protected, and folding a1 alone leaves the prompt over 620.
    const context = fixtureContext(messages, {
      config: { maxToken: 620 },
      messageBudget: 620,
    });
    expect([1, 3].map((index) => context.isProtected(index))).toEqual([
      true,
      false,
    ]);
    const plan = lastResort(context)!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 2, end: 4 },
    ]);
    const after = applyTestPlan(stateOf(messages), plan);
    expect(charCounter.countMessages(after.working)).toBeLessThanOrEqual(620);
    expect(after.working.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'assistant',
      'tool',
    ]);
  });

  it('should never fold the last unit', () => {
    const messages = [
      user('u1'),
      assistant('a1', big(4000)),
      user('u2'),
      assistant('a2', big(4000)),
    ];
    const plan = lastResort(fixtureContext(messages, { messageBudget: 10 }))!;
    // u1, the task, stays verbatim; a1 goes; u2 and a2 (the last unit) stay.
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 1, end: 2 },
    ]);
  });
});
