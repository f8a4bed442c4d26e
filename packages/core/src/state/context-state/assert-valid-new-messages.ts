import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import type { Message } from '../../vocabulary/message/message';
import { assertValidMessage } from './assert-valid-message';

/**
 * Throws {@link InvalidMessageError} (with the index within `messages`) for the
 * first message that is not a valid {@link Message} or whose id is already used:
 * by a message of `existing` or by an earlier message of the batch.
 *
 * Cost is linear in the batch plus one allocation-free scan of `existing`.
 */
export function assertValidNewMessages({
  messages,
  existing = [],
  isIdTaken,
}: {
  /** The batch to validate, as the caller passed it. */
  messages: readonly unknown[];
  /**
   * Message lists whose ids the batch may not reuse.
   * @default []
   */
  existing?: readonly (readonly Message[])[];
  /**
   * Whether an id is already used, for callers that keep an id index (the
   * memory facade: O(batch) instead of a scan of `existing`).
   * @default undefined (only `existing` is scanned)
   */
  isIdTaken?: (id: string) => boolean;
}): void {
  const batchIndexById = new Map<string, number>();
  for (let index = 0; index < messages.length; index++) {
    assertValidMessage(messages[index], index);
    const id = (messages[index] as Message).id;
    const earlier = batchIndexById.get(id);
    if (earlier !== undefined) {
      throw new InvalidMessageError({
        index,
        reason: 'duplicate-message-id',
        message: `id ${JSON.stringify(id)} is also used by messages[${earlier}] of the same batch`,
      });
    }
    batchIndexById.set(id, index);
  }
  if (batchIndexById.size === 0) return;
  if (isIdTaken !== undefined) {
    for (const [id, index] of batchIndexById) {
      if (isIdTaken(id)) {
        throw new InvalidMessageError({
          index,
          reason: 'duplicate-message-id',
          message: `id ${JSON.stringify(id)} is already in the conversation`,
        });
      }
    }
  }
  for (const list of existing) {
    for (const message of list) {
      const index = batchIndexById.get(message.id);
      if (index !== undefined) {
        throw new InvalidMessageError({
          index,
          reason: 'duplicate-message-id',
          message: `id ${JSON.stringify(message.id)} is already in the conversation`,
        });
      }
    }
  }
}
