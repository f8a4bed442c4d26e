import { describe, expect, it } from 'vitest';
import { conversationFixture, userMessage } from './__fixtures__/messages';
import { createContextState } from './create-context-state';
import { deleteWorkingMessage } from './delete-working-message';

const state = createContextState({
  sessionId: 'session-1',
  messages: conversationFixture,
});

describe('deleteWorkingMessage', () => {
  it('should remove the message from working memory only', () => {
    const next = deleteWorkingMessage(state, 1);

    expect(next.working.map((message) => message.id)).toEqual([
      'm0',
      'm2',
      'm3',
      'm4',
    ]);
    expect(next.original).toEqual(conversationFixture);
    expect(next.original).toContain(userMessage);
    expect(next.revision).toBe(1);
  });

  it('should not mutate the input state', () => {
    deleteWorkingMessage(state, 0);

    expect(state.working).toHaveLength(5);
    expect(state.revision).toBe(0);
  });

  it.each([-1, 5, 1.5, Number.NaN])(
    'should return the same state for index %s',
    (index) => {
      expect(deleteWorkingMessage(state, index)).toBe(state);
    },
  );
});
