import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bashCall,
  bashResult,
  textMessage,
} from '../../vocabulary/message/__fixtures__/message-builders';
import { checkContract } from '../contract/check-contract';
import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import type { Message } from '../../vocabulary/message/message';
import { captureError } from '../../testing/capture-error';
import { conversationArbitrary } from '../../testing/conversation-arbitrary';
import { appendMessages } from './append-messages';
import { assertToolPairing } from './assert-tool-pairing';
import { createContextState } from './create-context-state';
import { deleteWorkingMessage } from './delete-working-message';
import { repairToolPairing } from './repair-tool-pairing';

const u1 = textMessage('u1', 'user', 'Build it.');
const a1 = bashCall('a1', 'c1', 'make');
const t1 = bashResult('t1', 'c1', 'ok');
const f1 = textMessage('f1', 'assistant', 'Built.');

/** An assistant message calling `c1` and `c2` at once. */
const twoCalls: Message = {
  id: 'a2',
  role: 'assistant',
  content: [
    { type: 'tool-call', toolCallId: 'c1', toolName: 'bash', input: {} },
    { type: 'tool-call', toolCallId: 'c2', toolName: 'bash', input: {} },
  ],
};

async function rejection(
  existing: readonly Message[],
  messages: readonly Message[],
) {
  const error = await captureError(() =>
    appendMessages(
      createContextState({ sessionId: 's', messages: existing }),
      messages,
    ),
  );
  expect(InvalidMessageError.isInstance(error)).toBe(true);
  const typed = error as InvalidMessageError;
  return {
    reason: typed.reason,
    index: typed.index,
    messageId: typed.messageId,
    toolCallId: typed.toolCallId,
  };
}

describe('assertToolPairing', () => {
  it('should reject a tool result without a call, naming the message and the call id', async () => {
    expect(await rejection([u1], [bashResult('t9', 'c9', 'x')])).toEqual({
      reason: 'orphan-tool-result',
      index: 0,
      messageId: 't9',
      toolCallId: 'c9',
    });
  });

  it('should reject a call answered twice, in the same batch or across batches', async () => {
    expect(
      await rejection([], [u1, a1, t1, bashResult('t1b', 'c1', 'again')]),
    ).toEqual({
      reason: 'duplicate-tool-result',
      index: 3,
      messageId: 't1b',
      toolCallId: 'c1',
    });
    expect(
      await rejection([u1, a1, t1], [bashResult('t1b', 'c1', 'again')]),
    ).toEqual({
      reason: 'duplicate-tool-result',
      index: 0,
      messageId: 't1b',
      toolCallId: 'c1',
    });
    expect(
      await rejection([u1, a1, t1, f1], [bashResult('t1b', 'c1', 'late')]),
    ).toEqual({
      reason: 'duplicate-tool-result',
      index: 0,
      messageId: 't1b',
      toolCallId: 'c1',
    });
  });

  it('should reject a result that is not adjacent to its call', async () => {
    expect(
      await rejection(
        [u1, a1],
        [textMessage('u2', 'user', 'hm?'), bashResult('t1', 'c1', 'ok')],
      ),
    ).toEqual({
      reason: 'non-adjacent-tool-result',
      index: 1,
      messageId: 't1',
      toolCallId: 'c1',
    });
  });

  it('should reject an assistant message after a call still waiting for its result', async () => {
    expect(await rejection([u1, a1], [f1])).toEqual({
      reason: 'missing-tool-result',
      index: 0,
      messageId: 'f1',
      toolCallId: 'c1',
    });
    expect(
      await rejection([], [u1, twoCalls, bashResult('t2', 'c2', 'x'), f1]),
    ).toEqual({
      reason: 'missing-tool-result',
      index: 3,
      messageId: 'f1',
      toolCallId: 'c1',
    });
  });

  it('should reject tool results outside tool messages and tool messages without results', async () => {
    const inUser: Message = { ...t1, id: 'x1', role: 'user' };
    expect(await rejection([u1, a1], [inUser])).toMatchObject({
      reason: 'invalid-tool-message',
      messageId: 'x1',
    });
    const empty: Message = { id: 'x2', role: 'tool', content: [] };
    expect(await rejection([u1, a1, t1], [empty])).toMatchObject({
      reason: 'invalid-tool-message',
      messageId: 'x2',
    });
  });

  it('should reject a tool call outside an assistant message, and drop it when repairing', async () => {
    const inUser: Message = { ...a1, id: 'x1', role: 'user' };
    expect(await rejection([u1, a1, t1, f1], [inUser])).toEqual({
      reason: 'invalid-tool-message',
      index: 0,
      messageId: 'x1',
      toolCallId: 'c1',
    });
    const mixed: Message = {
      id: 'x2',
      role: 'user',
      content: [...u1.content, ...a1.content],
    };

    expect(repairToolPairing([u1, a1, t1, f1, mixed])).toEqual({
      messages: [u1, a1, t1, f1, { ...mixed, content: u1.content }],
      repairs: [
        {
          kind: 'invalid-tool-message',
          index: 4,
          messageId: 'x2',
          toolCallId: 'c1',
          action: 'dropped-part',
        },
      ],
    });
  });

  it('should accept results across batches, an in-flight call and results split over tool messages', () => {
    let state = createContextState({ sessionId: 's' });
    state = appendMessages(state, [u1, twoCalls]);
    state = appendMessages(state, [bashResult('t2', 'c2', 'x')]);
    state = appendMessages(state, [bashResult('t3', 'c1', 'y'), f1]);
    state = appendMessages(state, [
      textMessage('u2', 'user', 'More.'),
      bashCall('a3', 'c3', 'ls'),
    ]);

    expect(state.working).toHaveLength(7);
    expect(checkContract(state.working)).toEqual([]);
  });

  it('should let a recorded trace reuse a call id once it is answered', () => {
    const state = appendMessages(createContextState({ sessionId: 's' }), [
      u1,
      a1,
      t1,
      bashCall('a1b', 'c1', 'make again'),
      bashResult('t1c', 'c1', 'ok'),
    ]);

    expect(checkContract(state.working)).toEqual([]);
  });
});

describe('repairToolPairing', () => {
  it('should return the input itself when nothing is wrong', () => {
    const messages = [u1, a1, t1, f1];
    const repaired = repairToolPairing(messages);

    expect(repaired.messages).toBe(messages);
    expect(repaired.repairs).toEqual([]);
  });

  it('should drop orphans, duplicates, non-adjacent results and unanswered calls deterministically', () => {
    const messages: Message[] = [
      u1,
      bashResult('t0', 'c0', 'orphan'),
      twoCalls,
      bashResult('t2', 'c2', 'x'),
      bashResult('t2b', 'c2', 'again'),
      f1,
      bashResult('t1', 'c1', 'late'),
    ];
    const repaired = repairToolPairing(messages);

    expect(repaired.repairs).toEqual([
      {
        kind: 'orphan-tool-result',
        index: 1,
        messageId: 't0',
        toolCallId: 'c0',
        action: 'dropped-message',
      },
      {
        kind: 'missing-tool-result',
        index: 2,
        messageId: 'a2',
        toolCallId: 'c1',
        action: 'dropped-part',
      },
      {
        kind: 'duplicate-tool-result',
        index: 4,
        messageId: 't2b',
        toolCallId: 'c2',
        action: 'dropped-message',
      },
      {
        kind: 'orphan-tool-result',
        index: 6,
        messageId: 't1',
        toolCallId: 'c1',
        action: 'dropped-message',
      },
    ]);
    expect(repaired.messages.map((message) => message.id)).toEqual([
      'u1',
      'a2',
      't2',
      'f1',
    ]);
    expect(repaired.messages[1]!.content).toEqual([twoCalls.content[1]]);
    expect(checkContract(repaired.messages)).toEqual([]);
    expect(repairToolPairing(messages)).toEqual(repaired);
  });

  it('should be accepted by appendMessages in drop mode with the same result', () => {
    const messages: Message[] = [
      u1,
      a1,
      textMessage('u2', 'user', 'wait'),
      t1,
      f1,
    ];
    const state = appendMessages(
      createContextState({ sessionId: 's' }),
      messages,
      {
        toolPairing: 'drop',
      },
    );

    expect(state.working).toEqual(repairToolPairing(messages).messages);
    expect(state.original).toEqual(state.working);
    expect(checkContract(state.working)).toEqual([]);
  });

  it('should refuse in drop mode an assistant message after a stored call still waiting', async () => {
    const state = createContextState({ sessionId: 's', messages: [u1, a1] });
    const error = await captureError(() =>
      appendMessages(state, [f1], { toolPairing: 'drop' }),
    );

    expect(InvalidMessageError.isInstance(error)).toBe(true);
    expect((error as InvalidMessageError).reason).toBe('missing-tool-result');
  });

  it('should never leave a pairing violation, whatever the mutation of a generated conversation', () => {
    fc.assert(
      fc.property(
        conversationArbitrary({ maxRounds: 4, maxExchangesPerRound: 3 }),
        fc.array(
          fc.tuple(
            fc.nat(),
            fc.nat(),
            fc.constantFrom('drop', 'duplicate', 'move'),
          ),
          {
            maxLength: 4,
          },
        ),
        (messages, mutations) => {
          const mutated = [...messages];
          mutations.forEach(([from, to, kind], step) => {
            if (mutated.length === 0) return;
            const source = mutated[from % mutated.length]!;
            if (kind === 'drop') mutated.splice(from % mutated.length, 1);
            if (kind === 'duplicate')
              mutated.splice(to % (mutated.length + 1), 0, {
                ...source,
                id: `${source.id}-dup${step}`,
              });
            if (kind === 'move') {
              mutated.splice(from % mutated.length, 1);
              mutated.splice(to % (mutated.length + 1), 0, source);
            }
          });
          const repaired = repairToolPairing(mutated);
          const pairing = checkContract(repaired.messages).filter(
            (violation) => violation.kind !== 'trailing-synthetic-assistant',
          );
          expect(pairing).toEqual([]);
          // Reject mode accepts exactly what needs no repair.
          let thrown: unknown;
          try {
            assertToolPairing({ existing: [], messages: mutated });
          } catch (error) {
            thrown = error;
          }
          const rejected = thrown !== undefined;
          expect(
            thrown === undefined || InvalidMessageError.isInstance(thrown),
          ).toBe(true);
          expect(rejected).toBe(repaired.repairs.length > 0);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('deleteWorkingMessage', () => {
  const state = createContextState({
    sessionId: 's',
    messages: [
      u1,
      twoCalls,
      bashResult('t2', 'c2', 'x'),
      bashResult('t3', 'c1', 'y'),
      f1,
    ],
  });

  it.each([1, 2, 3])(
    'should remove the whole exchange when deleting index %i',
    (index) => {
      const next = deleteWorkingMessage(state, index);

      expect(next.working.map((message) => message.id)).toEqual(['u1', 'f1']);
      expect(checkContract(next.working)).toEqual([]);
      expect(next.original).toBe(state.original);
    },
  );

  it('should remove a message outside any exchange alone', () => {
    expect(
      deleteWorkingMessage(state, 4).working.map((message) => message.id),
    ).toEqual(['u1', 'a2', 't2', 't3']);
  });
});
