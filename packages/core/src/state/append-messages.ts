import type { Message } from '../message/message';
import { assertMessageArray } from './assert-message-array';
import { assertValidNewMessages } from './assert-valid-new-messages';
import type { ContextState } from './context-state';

/**
 * Appends `messages` to both the working and the original messages and bumps
 * the revision. The message objects are kept as they are (not copied), so
 * per-message caches keyed on identity keep working.
 *
 * An empty batch returns `state` itself (no new revision).
 *
 * @throws InvalidMessageError (with the index within `messages`) when a message
 * is not a valid {@link Message}, or when its id is already in `working` or
 * `original`, or appears twice in the batch. Nothing is appended then.
 */
export function appendMessages(
  state: ContextState,
  messages: readonly Message[],
): ContextState {
  assertMessageArray(messages);
  if (messages.length === 0) return state;
  assertValidNewMessages({
    messages,
    existing: [state.working, state.original],
  });
  return {
    ...state,
    working: [...state.working, ...messages],
    original: [...state.original, ...messages],
    revision: state.revision + 1,
  };
}
