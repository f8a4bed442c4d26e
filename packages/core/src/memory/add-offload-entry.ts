import { InvalidArgumentError } from '../error/invalid-argument-error';
import { InvalidMessageError } from '../error/invalid-message-error';
import type { Message } from '../message/message';
import type { ContextState } from '../state/context-state';
import { findMessageProblem } from '../state/find-message-problem';

/**
 * A new state whose offload entries also hold `messages` behind `offloadId`
 * (revision + 1). The message objects are kept as they are. Ids may repeat
 * inside one entry, as in the entries the strategies write.
 *
 * @throws InvalidArgumentError when `messages` is not an array or `offloadId`
 * is already used.
 * @throws InvalidMessageError (with the index within `messages`) for the first
 * message that is not a valid {@link Message}.
 */
export function addOffloadEntry(
  state: ContextState,
  offloadId: string,
  messages: readonly Message[],
): ContextState {
  const value: unknown = messages;
  if (!Array.isArray(value)) {
    throw new InvalidArgumentError({
      parameter: 'messages',
      value: messages,
      message: 'expected an array of messages',
    });
  }
  if (Object.hasOwn(state.offloads, offloadId)) {
    throw new InvalidArgumentError({
      parameter: 'offloadId',
      value: offloadId,
      message: 'an offload entry with this id already exists',
    });
  }
  for (let index = 0; index < messages.length; index++) {
    const problem = findMessageProblem(messages[index], `messages[${index}]`);
    if (problem) {
      throw new InvalidMessageError({
        index,
        reason: problem.reason,
        message: `${problem.path}: ${problem.message}`,
      });
    }
  }
  return {
    ...state,
    offloads: { ...state.offloads, [offloadId]: [...messages] },
    revision: state.revision + 1,
  };
}
