import { describe, expect, it } from 'vitest';
import { checkStateContract } from '../../state/contract/check-state-contract';
import { withAcmMarker } from '../../vocabulary/message/acm-marker';
import { resolvePrompt } from '../prompt/resolve-prompt';
import { extractIdentifierLedger } from '../../summary/text/extract-identifier-ledger';
import { renderLedger } from '../../summary/text/render-ledger';
import {
  applyTestPlan,
  assistant,
  big,
  exchange,
  fixtureContext,
  stateOf,
  toolCall,
  toolResult,
  user,
} from './__fixtures__/strategy-fixtures';
import { summarizeLargeCurrentMessages } from './summarize-large-current-messages';
import { renderReplacement } from './render-replacement';

const tag = (id: string) => `<!-- CONTEXT_OFFLOAD: uuid=${id} -->`;
const large = big(6000);
const tokensOnly = { messageCount: false, tokens: true };

function conversation() {
  return [
    user('u1'),
    assistant('a1', large),
    user('u2'),
    toolCall('call', [{ toolCallId: 'c1', toolName: 'read' }], large),
    toolResult('result', 'c1', large, 'read'),
    assistant('f2'),
  ];
}

describe('summarizeLargeCurrentMessages', () => {
  it('should summarize large consumed current-round messages keeping tool structure and ids', () => {
    const messages = conversation();
    const plan = summarizeLargeCurrentMessages(
      fixtureContext(messages, { pressure: tokensOnly }),
    )!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 3, end: 4 },
      { start: 4, end: 5 },
    ]);
    const instructions = resolvePrompt('summarizeLargeCurrentMessages', {});
    expect(plan.tasks).toEqual([
      {
        key: 'summarizeLargeCurrentMessages:3:text',
        strategy: 'summarizeLargeCurrentMessages',
        messages: [
          {
            id: 'call',
            role: 'assistant',
            content: [{ type: 'text', text: large }],
          },
        ],
        instructions,
      },
      {
        key: 'summarizeLargeCurrentMessages:4:0',
        strategy: 'summarizeLargeCurrentMessages',
        messages: [messages[4]],
        instructions,
      },
    ]);
    const ledger = extractIdentifierLedger(large);
    const text = (summary: string, offloadId: string) =>
      [summary, renderLedger(ledger), tag(offloadId)]
        .filter(Boolean)
        .join('\n');
    expect(
      renderReplacement(plan.edits[0]!, {
        'summarizeLargeCurrentMessages:3:text': 'I read it.',
      }),
    ).toEqual([
      {
        id: 'gen-1',
        role: 'assistant',
        content: [
          { type: 'text', text: text('I read it.', 'gen-0') },
          {
            type: 'tool-call',
            toolCallId: 'c1',
            toolName: 'read',
            input: { query: 'c1' },
          },
        ],
        metadata: {
          acm: {
            kind: 'current-round-summary',
            strategy: 'summarizeLargeCurrentMessages',
            offloadId: 'gen-0',
            ledger,
            replaces: ['call'],
          },
        },
      },
    ]);
    expect(
      renderReplacement(plan.edits[1]!, {
        'summarizeLargeCurrentMessages:4:0': 'Contents.',
      })[0]!.content,
    ).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'read',
        output: text('Contents.', 'gen-2'),
      },
    ]);
    expect(plan.edits[1]!.offloads).toEqual({ 'gen-2': [messages[4]] });
    const after = applyTestPlan(stateOf(messages), plan);
    expect(checkStateContract({ before: stateOf(messages), after })).toEqual(
      [],
    );
  });

  it('should leave a large plan-tool result alone', () => {
    const messages = [
      user('u1'),
      toolCall('call', [{ toolCallId: 'p1', toolName: 'view_subtasks' }]),
      toolResult('result', 'p1', large, 'view_subtasks'),
      assistant('f1'),
    ];
    expect(
      summarizeLargeCurrentMessages(
        fixtureContext(messages, { pressure: tokensOnly }),
      ),
    ).toBeUndefined();
  });

  it('should summarize an intent within its share only at the hard budget, one over it below too', () => {
    // A large unseen result keeps the task from fitting beside it, so the
    // task is not protected; below the hard budget it stays verbatim anyway.
    const run = (task: string, maxToken: number) =>
      summarizeLargeCurrentMessages(
        fixtureContext(
          [user('task', task), ...exchange('active', big(6000, 'r'))],
          {
            pressure: tokensOnly,
            config: { maxToken, largePayloadThreshold: 1000 },
          },
        ),
      );
    const within = big(1600, 't');
    expect(run(within, 1950)).toBeUndefined();
    expect(run(within, 1900)!.edits.map((edit) => edit.range)).toEqual([
      { start: 0, end: 1 },
    ]);
    const over = run(big(4400, 't'), 4000)!;
    expect(over.edits.map((edit) => edit.range)).toEqual([
      { start: 0, end: 1 },
    ]);
    expect(
      renderReplacement(over.edits[0]!, {})[0]!.metadata?.acm,
    ).toMatchObject({ kind: 'request-summary', replaces: ['task'] });
  });

  it('should not run under message-count pressure alone', () => {
    expect(
      summarizeLargeCurrentMessages(
        fixtureContext(conversation(), {
          pressure: { messageCount: true, tokens: false },
        }),
      ),
    ).toBeUndefined();
  });

  it('should leave the in-flight exchange alone even with a large unseen result', () => {
    const messages = [
      user('u1'),
      assistant('a1'),
      user('u2'),
      ...exchange('active', large),
    ];
    expect(
      summarizeLargeCurrentMessages(
        fixtureContext(messages, { pressure: tokensOnly }),
      ),
    ).toBeUndefined();
  });

  it('should leave the last message and synthetic messages alone', () => {
    const stub = withAcmMarker(assistant('stub', large), {
      kind: 'offload-stub',
      offloadId: 'x',
    });
    const messages = [
      user('u1'),
      stub,
      ...exchange('done', 'ok'),
      assistant('last', large),
    ];
    expect(
      summarizeLargeCurrentMessages(
        fixtureContext(messages, { pressure: tokensOnly }),
      ),
    ).toBeUndefined();
  });
});
