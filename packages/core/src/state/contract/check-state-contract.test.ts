import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withAcmMarker } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import { appendMessages } from '../context-state/append-messages';
import type { ContextState } from '../context-state/context-state';
import { createContextState } from '../context-state/create-context-state';
import { deleteWorkingMessage } from '../context-state/delete-working-message';
import { conversationArbitrary } from '../../testing/conversation-arbitrary';
import { conversationFixture, replaceAt } from './__fixtures__/conversations';
import { checkStateContract } from './check-state-contract';

const fixture = conversationFixture;
const before = createContextState({
  sessionId: 'session-1',
  messages: fixture,
});

/** A stand-in for `message` behind `offloadId`: same role and tool ids, preview content. */
function stubOf(message: Message, offloadId: string): Message {
  return withAcmMarker(
    {
      id: `${message.id}-stub`,
      role: message.role,
      content: message.content.map((part) => {
        if (part.type === 'tool-result') {
          return { ...part, output: `[offloaded: ${offloadId}]` };
        }
        if (part.type === 'tool-call') return part;
        return { type: 'text', text: `[offloaded: ${offloadId}]` };
      }),
    },
    { kind: 'offload-stub', strategy: 'offloadLargeMessages', offloadId },
  );
}

/** `before` with working message `index` offloaded behind a stub. */
function offloaded(
  state: ContextState,
  index: number,
  offloadId: string,
): ContextState {
  const message = state.working[index]!;
  return {
    ...state,
    working: replaceAt(state.working, index, stubOf(message, offloadId)),
    offloads: { ...state.offloads, [offloadId]: [message] },
    revision: state.revision + 1,
  };
}

function located(options: { after: ContextState; before?: ContextState }) {
  return checkStateContract(options).map(({ kind, index }) => ({
    kind,
    index,
  }));
}

describe('checkStateContract', () => {
  it('should find nothing wrong in a fresh state', () => {
    expect(checkStateContract({ after: before })).toEqual([]);
    expect(checkStateContract({ after: before, before })).toEqual([]);
  });

  it('should accept a message offloaded behind a stub', () => {
    const after = offloaded(before, 3, 'offload-1');

    expect(checkStateContract({ after })).toEqual([]);
    expect(checkStateContract({ after, before })).toEqual([]);
  });

  it('should report a message dropped from working memory as lost', () => {
    const after = deleteWorkingMessage(before, 1);

    expect(checkStateContract({ after, before })).toEqual([
      {
        kind: 'message-lost',
        index: 1,
        messageId: 'm1',
        detail:
          'message "m1" is neither in working memory nor behind a reachable offload',
      },
    ]);
  });

  it('should accept nested offloads', () => {
    const once = offloaded(before, 3, 'offload-1');
    const twice = offloaded(once, 3, 'offload-2');

    expect(twice.working[3]!.id).toBe('m3-stub-stub');
    expect(checkStateContract({ after: twice })).toEqual([]);
    expect(checkStateContract({ after: twice, before: once })).toEqual([]);
  });

  it('should follow a cycle of offload entries without looping', () => {
    const once = offloaded(before, 3, 'offload-1');
    const cyclic: ContextState = {
      ...once,
      offloads: {
        ...once.offloads,
        'offload-1': [...once.offloads['offload-1']!, once.working[3]!],
      },
    };

    expect(checkStateContract({ after: cyclic })).toEqual([]);
  });

  it('should report an offload entry changed by one byte', () => {
    const after = offloaded(before, 3, 'offload-1');
    const entry = after.offloads['offload-1']![0]!;
    const changed: ContextState = {
      ...after,
      offloads: {
        'offload-1': [
          {
            ...entry,
            content: [
              {
                ...entry.content[0]!,
                output: 'raio',
              } as Message['content'][number],
            ],
          },
        ],
      },
    };

    expect(checkStateContract({ after: changed })).toEqual([
      {
        kind: 'message-lost',
        index: 3,
        messageId: 'm3',
        detail: 'message "m3" is reachable only in a changed form',
      },
    ]);
  });

  it('should report a stub whose offload entry is missing', () => {
    const after: ContextState = {
      ...offloaded(before, 3, 'offload-1'),
      offloads: {},
    };

    expect(checkStateContract({ after })).toEqual([
      {
        kind: 'dangling-offload-reference',
        index: 3,
        messageId: 'm3-stub',
        detail:
          'stub "m3-stub" names offload "offload-1", which does not exist',
      },
      {
        kind: 'message-lost',
        index: 3,
        messageId: 'm3',
        detail:
          'message "m3" is neither in working memory nor behind a reachable offload',
      },
    ]);
  });

  it('should report a dangling reference inside an offload entry at its working stub', () => {
    const twice = offloaded(offloaded(before, 3, 'offload-1'), 3, 'offload-2');
    const { 'offload-1': _dropped, ...rest } = twice.offloads;
    const after: ContextState = { ...twice, offloads: rest };

    expect(located({ after })).toEqual([
      { kind: 'dangling-offload-reference', index: 3 },
      { kind: 'message-lost', index: 3 },
    ]);
  });

  it('should report an entry that is not reachable from working memory', () => {
    const after: ContextState = {
      ...offloaded(before, 3, 'offload-1'),
      working: replaceAt(before.working, 3, {
        ...stubOf(fixture[3]!, 'x'),
        metadata: {},
      }),
    };

    // The unmarked message is no stub any more, and no original has its id.
    expect(located({ after })).toEqual([
      { kind: 'missing-original', index: 3 },
      { kind: 'message-lost', index: 3 },
    ]);
  });

  it('should report a state whose original history was emptied', () => {
    const after: ContextState = { ...before, original: [] };

    expect(located({ after })).toEqual(
      before.working.map((_message, index) => ({
        kind: 'missing-original',
        index,
      })),
    );
    expect(located({ after, before })).toEqual(
      before.original.map((_message, index) => ({
        kind: 'original-changed',
        index,
      })),
    );
  });

  it('should report a changed original message', () => {
    const after: ContextState = {
      ...before,
      original: replaceAt(before.original, 1, {
        ...fixture[1]!,
        content: [{ type: 'text', text: 'Weather!' }],
      }),
    };

    expect(located({ after, before })).toEqual([
      { kind: 'original-changed', index: 1 },
    ]);
  });

  it('should report shortened original messages at the first missing index', () => {
    const after: ContextState = {
      ...before,
      original: before.original.slice(0, 6),
    };

    expect(located({ after, before })).toEqual([
      { kind: 'original-changed', index: 6 },
      { kind: 'original-changed', index: 7 },
    ]);
  });

  it('should not report a message already missing before, but require new ones', () => {
    const deleted = deleteWorkingMessage(before, 1);
    const appended = appendMessages(deleted, [
      {
        id: 'm8',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c3',
            toolName: 'weather',
            output: 'wind',
          },
        ],
      },
    ]);
    const dropped: ContextState = {
      ...appended,
      working: appended.working.slice(0, -1),
    };

    expect(checkStateContract({ after: appended, before: deleted })).toEqual(
      [],
    );
    expect(located({ after: dropped, before: deleted })).toEqual([
      { kind: 'message-lost', index: 8 },
    ]);
  });

  it('should report a change to the in-flight exchange of before', () => {
    const after = offloaded(before, 7, 'offload-1');

    expect(located({ after, before })).toEqual([
      { kind: 'in-flight-changed', index: -1 },
      { kind: 'trailing-synthetic-assistant', index: 7 },
    ]);
  });

  it('should report message-contract violations of working memory', () => {
    const after: ContextState = {
      ...before,
      working: [...before.working, { ...fixture[6]!, id: 'm1' }],
    };

    expect(located({ after })).toEqual([
      { kind: 'duplicate-message-id', index: 8 },
    ]);
  });

  it('should accept random offloads of generated conversations and catch a dropped entry', () => {
    fc.assert(
      fc.property(
        conversationArbitrary({
          inFlight: 'never',
          unansweredLastTurn: 'never',
        }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        (messages, choices) => {
          const start = createContextState({ sessionId: 's', messages });
          let state = start;
          choices.forEach((choice, step) => {
            // Not the last message: a synthetic assistant message may not end the conversation.
            const index = choice % (state.working.length - 1);
            state = offloaded(state, index, `offload-${step}`);
          });
          expect(checkStateContract({ after: state })).toEqual([]);
          expect(checkStateContract({ after: state, before: start })).toEqual(
            [],
          );

          const { 'offload-0': _dropped, ...rest } = state.offloads;
          const broken: ContextState = { ...state, offloads: rest };
          const kinds = checkStateContract({ after: broken }).map(
            (violation) => violation.kind,
          );
          expect(kinds).toContain('dangling-offload-reference');
          expect(kinds).toContain('message-lost');
        },
      ),
      { numRuns: 100 },
    );
  });
});
