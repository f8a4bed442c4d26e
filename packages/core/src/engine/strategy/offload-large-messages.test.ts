import { describe, expect, it } from 'vitest';
import { checkStateContract } from '../../state/contract/check-state-contract';
import type { Message } from '../../vocabulary/message/message';
import { createPreview } from '../../summary/text/create-preview';
import {
  applyTestPlan,
  assistant,
  big,
  exchange,
  fixtureContext,
  stateOf,
  system,
  toolCall,
  toolResult,
  user,
} from './__fixtures__/strategy-fixtures';
import { offloadLargeMessages } from './offload-large-messages';
import { offloadLargeMessagesProtected } from './offload-large-messages-protected';
import { renderReplacement } from './render-replacement';

const tag = (id: string) => `<!-- CONTEXT_OFFLOAD: uuid=${id} -->`;
const large = big(6000);

function conversation(): Message[] {
  return [
    system('sys'),
    user('u1'),
    ...exchange('a', large),
    assistant('f1'),
    user('u2', large),
    ...exchange('b', large),
    assistant('f2'),
  ];
}

describe('offloadLargeMessagesProtected', () => {
  it('should offload only large messages before the latest final answer and outside lastKeep', () => {
    const messages = conversation();
    const plan = offloadLargeMessagesProtected(
      fixtureContext(messages, { config: { lastKeep: 4 } }),
    );
    expect(plan?.edits.map((edit) => edit.range)).toEqual([
      { start: 3, end: 4 },
    ]);
    expect(renderReplacement(plan!.edits[0]!, {})).toEqual([
      {
        id: 'gen-1',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 'search',
            output: `${createPreview(large, 200)}\n${tag('gen-0')}`,
          },
        ],
        metadata: {
          acm: {
            kind: 'offload-stub',
            strategy: 'offloadLargeMessagesProtected',
            offloadId: 'gen-0',
            replaces: ['a-result'],
          },
        },
      },
    ]);
    expect(plan?.edits[0]?.offloads).toEqual({ 'gen-0': [messages[3]] });
    expect(plan?.tasks).toEqual([]);
  });

  it('should plan nothing when every message is inside lastKeep', () => {
    expect(
      offloadLargeMessagesProtected(fixtureContext(conversation())),
    ).toBeUndefined();
  });
});

describe('offloadLargeMessages', () => {
  it('should offload every large message before the latest final answer even when the conversation is shorter than lastKeep (#1260)', () => {
    // A third round, so that u2 is no longer the latest user request.
    const messages = [...conversation(), user('u3'), assistant('f3')];
    const context = fixtureContext(messages, { config: { lastKeep: 50 } });
    const plan = offloadLargeMessages(context);
    expect(plan?.strategy).toBe('offloadLargeMessages');
    expect(plan?.edits.map((edit) => edit.range.start)).toEqual([3, 5, 7]);
    const after = applyTestPlan(stateOf(messages), plan!);
    expect(checkStateContract({ before: stateOf(messages), after })).toEqual(
      [],
    );
    expect(after.working[5]).toEqual({
      id: 'gen-3',
      role: 'user',
      content: [
        { type: 'text', text: `${createPreview(large, 200)}\n${tag('gen-2')}` },
      ],
      metadata: {
        acm: {
          kind: 'offload-stub',
          strategy: 'offloadLargeMessages',
          offloadId: 'gen-2',
          replaces: ['u2'],
        },
      },
    });
  });

  it('should keep the tool result id and name and put the offload tag in the output', () => {
    const messages = conversation();
    const after = applyTestPlan(
      stateOf(messages),
      offloadLargeMessages(fixtureContext(messages))!,
    );
    const stub = after.working[7]!;
    expect(stub.role).toBe('tool');
    expect(stub.content).toHaveLength(1);
    const part = stub.content[0]!;
    expect(
      part.type === 'tool-result' && [part.toolCallId, part.toolName],
    ).toEqual(['b', 'search']);
    expect(
      part.type === 'tool-result' &&
        String(part.output).includes('CONTEXT_OFFLOAD'),
    ).toBe(true);
  });

  it('should never stub the tool calls of an assistant message, only shorten its large text', () => {
    const messages = [
      user('u1'),
      toolCall('big-input', [{ toolCallId: 'c1', input: { code: large } }]),
      toolResult('r1', 'c1'),
      toolCall('big-text', [{ toolCallId: 'c2' }], large),
      toolResult('r2', 'c2'),
      assistant('f1'),
    ];
    const plan = offloadLargeMessages(fixtureContext(messages))!;
    expect(plan.edits.map((edit) => edit.range.start)).toEqual([3]);
    expect(renderReplacement(plan.edits[0]!, {})[0]!.content).toEqual([
      { type: 'text', text: `${createPreview(large, 200)}\n${tag('gen-0')}` },
      {
        type: 'tool-call',
        toolCallId: 'c2',
        toolName: 'search',
        input: { query: 'c2' },
      },
    ]);
    const after = applyTestPlan(stateOf(messages), plan);
    expect(checkStateContract({ before: stateOf(messages), after })).toEqual(
      [],
    );
  });

  it('should judge every result part of a multi-result message and drop none', () => {
    const multi: Message = {
      id: 'multi',
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'p1',
          toolName: 'read',
          output: large,
        },
        {
          type: 'tool-result',
          toolCallId: 'p2',
          toolName: 'read',
          output: 'short',
          isError: true,
        },
        {
          type: 'tool-result',
          toolCallId: 'p3',
          toolName: 'grep',
          output: large,
          isError: true,
        },
      ],
    };
    const messages = [
      user('u1'),
      toolCall('calls', [
        { toolCallId: 'p1', toolName: 'read' },
        { toolCallId: 'p2', toolName: 'read' },
        { toolCallId: 'p3', toolName: 'grep' },
      ]),
      multi,
      assistant('f1'),
    ];
    const plan = offloadLargeMessages(fixtureContext(messages))!;
    const preview = `${createPreview(large, 200)}\n${tag('gen-0')}`;
    expect(renderReplacement(plan.edits[0]!, {})[0]!.content).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'p1',
        toolName: 'read',
        output: preview,
      },
      {
        type: 'tool-result',
        toolCallId: 'p2',
        toolName: 'read',
        output: 'short',
        isError: true,
      },
      {
        type: 'tool-result',
        toolCallId: 'p3',
        toolName: 'grep',
        output: preview,
        isError: true,
      },
    ]);
  });

  it('should never offload an offload stub again', () => {
    const messages = conversation();
    const once = applyTestPlan(
      stateOf(messages),
      offloadLargeMessages(fixtureContext(messages))!,
    );
    expect(offloadLargeMessages(fixtureContext(once.working))).toBeUndefined();
  });

  it('should leave pinned messages, never-compress tools and system messages alone', () => {
    const messages = [
      system('sys', large),
      user('u1', large),
      { ...user('pinned', large), metadata: { pinned: true } },
      {
        ...assistant('pinned-acm', large),
        metadata: { acm: { pinned: true } },
      },
      ...exchange('skill', large, 'read_skill'),
      ...exchange('other', large),
      assistant('f1'),
    ];
    const plan = offloadLargeMessages(
      fixtureContext(messages, {
        config: { toolPolicies: { neverCompress: ['read_skill'] } },
      }),
    );
    // u1 is the task: kept verbatim while it is at most a quarter of the budget.
    expect(plan?.edits.map((edit) => edit.range.start)).toEqual([7]);
  });

  it('should never cut the task or the latest user request to a preview, even above a quarter of the budget', () => {
    const messages = [
      user('u1', large),
      assistant('f1'),
      user('u2', large),
      assistant('f2'),
    ];
    expect(offloadLargeMessages(fixtureContext(messages))).toBeUndefined();
    expect(
      offloadLargeMessages(
        fixtureContext(messages, { config: { maxToken: 4000 } }),
      ),
    ).toBeUndefined();
  });

  it('should plan nothing without a final answer', () => {
    expect(
      offloadLargeMessages(
        fixtureContext([user('u1'), ...exchange('a', large)]),
      ),
    ).toBeUndefined();
  });
});
