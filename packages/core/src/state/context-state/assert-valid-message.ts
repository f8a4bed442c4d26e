import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import { findMessageProblem } from './find-message-problem';

/**
 * Throws {@link InvalidMessageError} (with `index`, the message's index within
 * the `messages` argument) when `message` is not a valid `Message`.
 */
export function assertValidMessage(message: unknown, index: number): void {
  const problem = findMessageProblem(message, `messages[${index}]`);
  if (problem) {
    throw new InvalidMessageError({
      index,
      reason: problem.reason,
      message: `${problem.path}: ${problem.message}`,
    });
  }
}
