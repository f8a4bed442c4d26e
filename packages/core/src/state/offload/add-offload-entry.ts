import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { Message } from '../../vocabulary/message/message';
import type { ContextState } from '../context-state/context-state';
import { assertMessageArray } from '../context-state/assert-message-array';
import { assertValidMessage } from '../context-state/assert-valid-message';

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
  assertMessageArray(messages);
  if (Object.hasOwn(state.offloads, offloadId)) {
    throw new InvalidArgumentError({
      parameter: 'offloadId',
      value: offloadId,
      message: 'an offload entry with this id already exists',
    });
  }
  for (let index = 0; index < messages.length; index++) {
    assertValidMessage(messages[index], index);
  }
  return {
    ...state,
    offloads: { ...state.offloads, [offloadId]: [...messages] },
    revision: state.revision + 1,
  };
}
