import { describe, expect, it } from 'vitest';
import { checkStateContract } from '../../state/contract/check-state-contract';
import type { Message } from '../../vocabulary/message/message';
import { CURRENT_ROUND_FOLD_PROMPT } from '../prompt/default-prompts';
import {
  applyTestPlan,
  assistant,
  big,
  exchange,
  fixtureContext,
  placeholderSummary,
  stateOf,
  system,
  user,
} from './__fixtures__/strategy-fixtures';
import { compressCurrentRound } from './compress-current-round';
import { CURRENT_ROUND_FOLD_MIN_CHARS } from './tuning';

const tag = (id: string) => `<!-- CONTEXT_OFFLOAD: uuid=${id} -->`;
const tokensOnly = { messageCount: false, tokens: true };

/** A closed round, the latest request, two consumed lookups and one in flight. */
function longCurrentRound(e2Chars = 800, e3Chars = 400): Message[] {
  return [
    system('sys'),
    user('u1', 'book HAT-100'),
    assistant('a1', 'Booked HAT-100.'),
    user('u2', 'change reservation ABC123 to May 27'),
    ...exchange('e1', `reservation ABC123 flights HAT-200 ${big(800)}`),
    ...exchange('e2', `flight HAT-300 on 2024-05-27 ${big(e2Chars)}`),
    ...exchange('e3', big(e3Chars)),
  ];
}

/** The context of `messages` under token pressure with a budget of `budget` tokens (chars/4 counter). */
function overBudget(
  messages: readonly Message[],
  budget: number,
  offloads?: Readonly<Record<string, readonly Message[]>>,
  customPrompt?: { compressCurrentRound: string },
) {
  return fixtureContext(messages, {
    config: {
      maxToken: budget,
      ...(customPrompt === undefined ? {} : { customPrompt }),
    },
    messageBudget: budget,
    pressure: tokensOnly,
    ...(offloads === undefined ? {} : { offloads }),
  });
}

describe('compressCurrentRound (fold over the hard budget)', () => {
  it('should fold the consumed part of the current round into one summary sized to the room when the pieces could not fit the budget', () => {
    const messages = longCurrentRound();
    // 601 tokens; compressing the two consumed results to 30 % saves at most
    // 300, so 250 is out of reach for the pieces.
    const plan = compressCurrentRound(overBudget(messages, 250))!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 4, end: 8 },
    ]);
    const [edit] = plan.edits;
    expect(edit!.offloads).toEqual({ 'gen-0': messages.slice(4, 8) });
    // The request stays verbatim before the fold: the summarizer sees the
    // consumed exchanges only, with the fold's own prompt.
    expect(
      plan.tasks.map((task) => [
        task.key,
        task.messages.map((message) => message.id),
        task.instructions,
      ]),
    ).toEqual([
      [
        'compressCurrentRound:fold',
        ['e1-call', 'e1-result', 'e2-call', 'e2-result'],
        CURRENT_ROUND_FOLD_PROMPT,
      ],
    ]);
    // Room: 250 − 152 (system, closed round, request, in-flight e3) − 24 (the
    // fold's skeleton: its reload tag) − 8 = 66 tokens, × 0.9 in the
    // transcript's characters per token.
    expect(plan.tasks[0]!.targetChars).toBe(237);
    const after = applyTestPlan(stateOf(messages), plan);
    expect(after.working.map((message) => message.id)).toEqual([
      'sys',
      'u1',
      'a1',
      'u2',
      'gen-1',
      'e3-call',
      'e3-result',
    ]);
    const fold = after.working[4]!;
    expect(fold.role).toBe('assistant');
    expect(fold.metadata?.acm).toEqual({
      kind: 'current-round-fold',
      strategy: 'compressCurrentRound',
      offloadId: 'gen-0',
      generation: 1,
      ledger: edit!.placements![0]!.ledger,
      replaces: ['e1-call', 'e1-result', 'e2-call', 'e2-result'],
    });
    const [part] = fold.content;
    const text = part?.type === 'text' ? part.text : '';
    expect(
      text.startsWith(placeholderSummary('compressCurrentRound:fold')),
    ).toBe(true);
    expect(text.endsWith(tag('gen-0'))).toBe(true);
    expect(checkStateContract({ before: stateOf(messages), after })).toEqual(
      [],
    );
  });

  it('should replace its earlier fold with generation 2 whose entry holds the originals, reading the earlier fold as its text', () => {
    // 801 tokens, 352 of them staying (e3 in flight): at 460 the pieces
    // (−300) cannot fit, a fold can.
    const messages = longCurrentRound(800, 1200);
    const first = applyTestPlan(
      stateOf(messages),
      compressCurrentRound(overBudget(messages, 460))!,
    );
    const grown = [
      ...first.working,
      ...exchange('e4', `flight HAT-400 ${big(400)}`),
    ];
    const state = {
      ...first,
      working: grown,
      original: [...first.original, ...grown.slice(first.working.length)],
    };
    // e3 is consumed now: its result alone (−214) cannot bring the grown
    // round under 260; the fold takes the earlier fold and e3 in.
    const plan = compressCurrentRound({
      ...overBudget(grown, 260, first.offloads),
      generateId: (() => {
        let next = 0;
        return () => `second-${next++}`;
      })(),
    })!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 4, end: 7 },
    ]);
    expect(plan.edits[0]!.offloads).toEqual({
      'second-0': [...messages.slice(4, 8), ...messages.slice(8, 10)],
    });
    // Incremental: the earlier fold's text (its originals reached the
    // summarizer once already), then what is new since.
    expect(plan.tasks[0]!.messages.map((message) => message.id)).toEqual([
      'gen-1',
      'e3-call',
      'e3-result',
    ]);
    expect(plan.tasks[0]!.messages[0]!.metadata?.acm).toEqual({
      kind: 'rollup',
      strategy: 'rollupHistory',
    });
    // An explicit re-summary of everything reads the originals.
    const again = compressCurrentRound({
      ...overBudget(grown, 260, first.offloads),
      resummarize: true,
    })!;
    expect(again.tasks[0]!.messages.map((message) => message.id)).toEqual([
      'e1-call',
      'e1-result',
      'e2-call',
      'e2-result',
      'e3-call',
      'e3-result',
    ]);
    const after = applyTestPlan(state, plan);
    expect(after.working[4]!.metadata?.acm).toMatchObject({
      kind: 'current-round-fold',
      generation: 2,
      replaces: ['gen-1', 'e3-call', 'e3-result'],
    });
    expect(checkStateContract({ before: state, after })).toEqual([]);
  });

  it('should fold only the run after a pinned exchange', () => {
    const messages = longCurrentRound(1600).map((message) =>
      message.id === 'e1-result'
        ? { ...message, metadata: { pinned: true } }
        : message,
    );
    // 801 tokens; the pieces (e2's result alone) could save 290 of them, not
    // enough for 480; the fold gets the room beside the pinned exchange.
    const plan = compressCurrentRound(overBudget(messages, 480))!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 6, end: 8 },
    ]);
    expect(plan.edits[0]!.replacement[0]!.metadata?.acm).toMatchObject({
      kind: 'current-round-fold',
    });
  });

  it('should compress piece by piece when that could fit the budget, or when the room is too small for a summary', () => {
    const messages = longCurrentRound();
    const kinds = (budget: number) =>
      compressCurrentRound(overBudget(messages, budget))!.edits.map(
        (edit) => (edit.replacement[0]!.metadata?.acm as { kind: string }).kind,
      );
    // The pieces could save 300 of 601 tokens.
    expect(kinds(320)).toEqual([
      'current-round-compression',
      'current-round-compression',
    ]);
    // Beside the 152 tokens that stay, 190 leaves no room for a summary of
    // CURRENT_ROUND_FOLD_MIN_CHARS: the last resort folds more.
    expect(CURRENT_ROUND_FOLD_MIN_CHARS).toBe(200);
    expect(kinds(190)).toEqual([
      'current-round-compression',
      'current-round-compression',
    ]);
  });

  it("should give the summarizer the caller's compressCurrentRound prompt", () => {
    const plan = compressCurrentRound(
      overBudget(longCurrentRound(), 250, undefined, {
        compressCurrentRound: 'Summarize my work.',
      }),
    )!;
    expect(plan.tasks.map((task) => task.instructions)).toEqual([
      'Summarize my work.',
    ]);
  });
});
