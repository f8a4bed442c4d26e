import { describe, expect, it } from 'vitest';
import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import type { Message } from '../../vocabulary/message/message';
import {
  answerMessage,
  callMessage,
  resultMessage,
  systemMessage,
  userMessage,
} from './__fixtures__/messages';
import { appendMessages } from './append-messages';
import { createContextState } from './create-context-state';
import { deleteWorkingMessage } from './delete-working-message';

const baseState = createContextState({
  sessionId: 'session-1',
  messages: [systemMessage, userMessage],
});

function getError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('appendMessages', () => {
  it('should append to working and original and bump the revision', () => {
    const state = appendMessages(baseState, [callMessage, resultMessage]);

    expect(state.working).toEqual([
      systemMessage,
      userMessage,
      callMessage,
      resultMessage,
    ]);
    expect(state.original).toEqual(state.working);
    expect(state.revision).toBe(1);
    expect(state.sessionId).toBe('session-1');
  });

  it('should keep the message objects themselves', () => {
    const state = appendMessages(baseState, [answerMessage]);

    expect(state.working[2]).toBe(answerMessage);
    expect(state.original[2]).toBe(answerMessage);
  });

  it('should not mutate the input state', () => {
    const snapshot = structuredClone(baseState);

    appendMessages(baseState, [callMessage]);

    expect(baseState).toEqual(snapshot);
    expect(baseState.working).toHaveLength(2);
  });

  it('should return the same state for an empty batch', () => {
    expect(appendMessages(baseState, [])).toBe(baseState);
  });

  it('should reject an id already in working memory', () => {
    const error = getError(() =>
      appendMessages(baseState, [callMessage, { ...userMessage }]),
    );

    expect(InvalidMessageError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ index: 1, reason: 'duplicate-message-id' });
  });

  it('should reject an id that is only left in the original messages', () => {
    const deleted = deleteWorkingMessage(baseState, 1);

    const error = getError(() => appendMessages(deleted, [{ ...userMessage }]));

    expect(error).toMatchObject({ index: 0, reason: 'duplicate-message-id' });
  });

  it('should reject an id duplicated within the batch', () => {
    const error = getError(() =>
      appendMessages(baseState, [callMessage, resultMessage, callMessage]),
    );

    expect(error).toMatchObject({ index: 2, reason: 'duplicate-message-id' });
  });

  it('should reject an unknown role', () => {
    const message = { ...callMessage, role: 'robot' } as unknown as Message;

    const error = getError(() => appendMessages(baseState, [message]));

    expect(error).toMatchObject({ index: 0, reason: 'unknown-role' });
    expect((error as Error).message).toContain('messages[0].role');
  });

  it('should reject a part with a field of the wrong type', () => {
    const message = {
      ...resultMessage,
      content: [{ ...resultMessage.content[0], toolCallId: 7 }],
    } as unknown as Message;

    const error = getError(() =>
      appendMessages(baseState, [callMessage, message]),
    );

    expect(error).toMatchObject({ index: 1, reason: 'invalid-content' });
    expect((error as Error).message).toContain(
      'messages[1].content[0].toolCallId',
    );
  });

  it('should reject a message without a content array', () => {
    const message = {
      id: 'x',
      role: 'user',
      content: 'hi',
    } as unknown as Message;

    const error = getError(() => appendMessages(baseState, [message]));

    expect(error).toMatchObject({ index: 0, reason: 'invalid-shape' });
  });

  it('should reject a message whose content getter throws, with the thrown error as cause', () => {
    const boom = new Error('content unavailable');
    const hostile = {
      id: 'm9',
      role: 'user',
      get content(): never {
        throw boom;
      },
    };

    const error = getError(() =>
      appendMessages(baseState, [hostile as unknown as Message]),
    );

    expect(InvalidMessageError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'INVALID_MESSAGE',
      reason: 'invalid-shape',
      index: 0,
      message:
        'Invalid message at index 0 (invalid-shape): messages[0] could not be read: content unavailable',
      cause: boom,
    });
  });

  it('should reject a tool input that is not JSON', () => {
    const message: Message = {
      id: 'x',
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: 'c',
          toolName: 'clock',
          input: { at: new Date(0) },
        },
      ],
    };

    const error = getError(() => appendMessages(baseState, [message]));

    expect(error).toMatchObject({ index: 0, reason: 'invalid-content' });
    expect((error as Error).message).toContain(
      'messages[0].content[0].input.at',
    );
  });

  it('should append nothing when one message of the batch is invalid', () => {
    const message = { id: 'bad' } as unknown as Message;

    expect(() => appendMessages(baseState, [callMessage, message])).toThrow(
      InvalidMessageError,
    );
    expect(baseState.working).toHaveLength(2);
  });
});
