import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { Message } from '../../vocabulary/message/message';
import { assertMessageArray } from './assert-message-array';
import { assertValidNewMessages } from './assert-valid-new-messages';
import type { ContextState } from './context-state';

export interface CreateContextStateOptions {
  /** The session the state belongs to. A non-empty string. */
  sessionId: string;
  /**
   * Initial conversation, validated like `appendMessages` input. It
   * becomes both the working and the original messages.
   * @default []
   */
  messages?: readonly Message[];
}

/**
 * A fresh state at revision 0 whose working and original messages are both
 * `messages`, with no offloads and no events.
 *
 * @throws InvalidArgumentError when `sessionId` is not a non-empty string.
 * @throws InvalidMessageError when a message is invalid or reuses an id.
 */
export function createContextState({
  sessionId,
  messages = [],
}: CreateContextStateOptions): ContextState {
  if (typeof sessionId !== 'string' || sessionId === '') {
    throw new InvalidArgumentError({
      parameter: 'sessionId',
      value: sessionId,
      message: 'expected a non-empty string',
    });
  }
  assertMessageArray(messages);
  assertValidNewMessages({ messages });
  return {
    sessionId,
    working: [...messages],
    original: [...messages],
    offloads: {},
    events: [],
    revision: 0,
  };
}
