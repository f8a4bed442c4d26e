import type { Message } from '../../vocabulary/message/message';
import { assertMessageArray } from './assert-message-array';
import { assertToolPairing } from './assert-tool-pairing';
import type { ToolPairingMode } from './assert-tool-pairing';
import { assertValidNewMessages } from './assert-valid-new-messages';
import type { ContextState } from './context-state';

/**
 * Appends `messages` to both the working and the original messages and bumps
 * the revision. The message objects are kept as they are (not copied), so
 * per-message caches keyed on identity keep working.
 *
 * An empty batch returns `state` itself (no new revision).
 *
 * Tool pairing is validated against the end of `working` (`assertToolPairing`):
 * a result without its call, a call answered twice, a result not adjacent to
 * its call, an assistant message after a call still waiting for its result.
 * With `toolPairing: 'drop'` such parts are dropped instead (the batch as
 * repaired is what both lists receive); see `repairToolPairing`.
 *
 * @throws InvalidMessageError (with the index within `messages`, and the
 * `messageId` / `toolCallId` for pairing problems) when a message is not a
 * valid {@link Message}, or when its id is already in `working` or `original`,
 * or appears twice in the batch, or its tool pairing is broken. Nothing is
 * appended then.
 */
export function appendMessages(
  state: ContextState,
  messages: readonly Message[],
  {
    toolPairing = 'reject',
  }: {
    /**
     * `'reject'` throws on broken tool pairing; `'drop'` repairs the batch.
     * @default 'reject'
     */
    toolPairing?: ToolPairingMode;
  } = {},
): ContextState {
  assertMessageArray(messages);
  if (messages.length === 0) return state;
  assertValidNewMessages({
    messages,
    existing: [state.working, state.original],
  });
  const paired = assertToolPairing({
    existing: state.working,
    messages,
    mode: toolPairing,
  }).messages;
  if (paired.length === 0) return state;
  return {
    ...state,
    working: [...state.working, ...paired],
    original: [...state.original, ...paired],
    revision: state.revision + 1,
  };
}
