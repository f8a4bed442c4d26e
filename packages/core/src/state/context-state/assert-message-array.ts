import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { Message } from '../../vocabulary/message/message';

/**
 * Throws {@link InvalidArgumentError} (parameter `messages`) when the
 * `messages` argument is not an array. The messages themselves are checked by
 * `assertValidMessage` / `assertValidNewMessages`.
 */
export function assertMessageArray(messages: readonly Message[]): void {
  const value: unknown = messages;
  if (!Array.isArray(value)) {
    throw new InvalidArgumentError({
      parameter: 'messages',
      value: messages,
      message: 'expected an array of messages',
    });
  }
}
