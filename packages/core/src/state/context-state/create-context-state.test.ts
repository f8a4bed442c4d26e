import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import type { Message } from '../../vocabulary/message/message';
import { conversationFixture, userMessage } from './__fixtures__/messages';
import { createContextState } from './create-context-state';

describe('createContextState', () => {
  it('should start empty at revision 0', () => {
    expect(createContextState({ sessionId: 'session-1' })).toEqual({
      sessionId: 'session-1',
      working: [],
      original: [],
      offloads: {},
      events: [],
      revision: 0,
    });
  });

  it('should put the initial messages in both working and original', () => {
    const messages = [...conversationFixture];
    const state = createContextState({ sessionId: 'session-1', messages });

    expect(state.working).toEqual(conversationFixture);
    expect(state.original).toEqual(conversationFixture);
    expect(state.working).not.toBe(messages);
    expect(state.original).not.toBe(state.working);
    expect(state.working[1]).toBe(userMessage);
  });

  it('should reject an empty session id', () => {
    expect(() => createContextState({ sessionId: '' })).toThrow(
      InvalidArgumentError,
    );
  });

  it('should reject initial messages with a duplicate id at the later index', () => {
    const messages: Message[] = [userMessage, { ...userMessage }];

    const error = getError(() =>
      createContextState({ sessionId: 'session-1', messages }),
    );

    expect(InvalidMessageError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ index: 1, reason: 'duplicate-message-id' });
  });
});

function getError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
