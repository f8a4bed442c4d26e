import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import { describeError } from '../../vocabulary/util/describe-error';
import { findMessageProblem } from './find-message-problem';
import type { MessageProblem } from './find-message-problem';

/**
 * Throws {@link InvalidMessageError} (with `index`, the message's index within
 * the `messages` argument) when `message` is not a valid `Message`, also when
 * it cannot be read at all (a getter or a proxy that throws: reason
 * `invalid-shape`, the thrown value as `cause`).
 */
export function assertValidMessage(message: unknown, index: number): void {
  let problem: MessageProblem | undefined;
  try {
    problem = findMessageProblem(message, `messages[${index}]`);
  } catch (error) {
    throw new InvalidMessageError({
      index,
      reason: 'invalid-shape',
      message: `messages[${index}] could not be read: ${describeError(error)}`,
      cause: error,
    });
  }
  if (problem) {
    throw new InvalidMessageError({
      index,
      reason: problem.reason,
      message: `${problem.path}: ${problem.message}`,
    });
  }
}
