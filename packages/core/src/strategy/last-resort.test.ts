import { describe, expect, it } from 'vitest';
import { checkStateContract } from '../contract/check-state-contract';
import { createPreview } from '../summary/create-preview';
import { extractIdentifierLedger } from '../summary/extract-identifier-ledger';
import { renderLedger } from '../summary/render-ledger';
import { renderTranscript } from '../summary/render-transcript';
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
import { LAST_RESORT_USER_TEXT, lastResort } from './last-resort';

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
    const plan = lastResort(
      fixtureContext(messages, { config: { maxToken: 20 } }),
    )!;
    expect(plan.tasks).toEqual([]);
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 1, end: 5 },
      { start: 6, end: 8 },
    ]);
    const span = messages.slice(1, 5);
    const transcript = renderTranscript(span);
    const ledger = extractIdentifierLedger(transcript);
    expect(plan.edits[0]!.offloads).toEqual({ 'gen-0': span });
    expect(plan.edits[0]!.build({})).toEqual([
      {
        id: 'gen-1',
        role: 'user',
        content: [{ type: 'text', text: LAST_RESORT_USER_TEXT }],
        metadata: {
          acm: {
            kind: 'last-resort',
            strategy: 'lastResort',
            offloadId: 'gen-0',
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
              `Folded 4 messages.\n${createPreview(transcript, 200)}`,
              renderLedger(ledger),
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
            ledger,
            replaces: ['u1', 'a1', 'u2', 'a2'],
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
    const plan = lastResort(fixtureContext(messages))!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 6, end: 8 },
    ]);
  });
});
