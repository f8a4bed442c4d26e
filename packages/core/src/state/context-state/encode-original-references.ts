import type { Message } from '../../vocabulary/message/message';
import { isSameValue } from '../../vocabulary/util/is-same-value';
import type { SerializedMessageItem } from './state-format';

/** Where each original message sits in `original`, by object and by id. */
export interface OriginalIndex {
  readonly original: readonly Message[];
  readonly byMessage: ReadonlyMap<Message, number>;
  readonly byId: ReadonlyMap<string, number>;
}

/** Indexes `original` for {@link encodeOriginalReferences}. O(n). */
export function indexOriginals(original: readonly Message[]): OriginalIndex {
  const byMessage = new Map<Message, number>();
  const byId = new Map<string, number>();
  original.forEach((message, index) => {
    byMessage.set(message, index);
    byId.set(message.id, index);
  });
  return { original, byMessage, byId };
}

/**
 * The position in `original` of a message that is an original message: the
 * same object, or one with its id and a deep-equal value; `undefined` for
 * any other message (summaries, stubs, edited copies).
 */
export function findOriginalIndex(
  message: Message,
  { original, byMessage, byId }: OriginalIndex,
): number | undefined {
  const same = byMessage.get(message);
  if (same !== undefined) return same;
  const index = byId.get(message.id);
  return index !== undefined && isSameValue(original[index], message)
    ? index
    : undefined;
}

/**
 * A message list as schema version 2 writes it: each original message as
 * its index in `original`, consecutive ones as one run `[start, end]`; any
 * other message whole. Linear in the list (a deep comparison only for a
 * message that is not an original object but carries an original's id).
 */
export function encodeOriginalReferences(
  messages: readonly Message[],
  index: OriginalIndex,
): SerializedMessageItem[] {
  const items: SerializedMessageItem[] = [];
  let runStart = -1;
  let runEnd = -1;
  const flush = () => {
    if (runStart < 0) return;
    items.push(runEnd - runStart === 1 ? runStart : [runStart, runEnd]);
    runStart = -1;
  };
  for (const message of messages) {
    const position = findOriginalIndex(message, index);
    if (position === undefined) {
      flush();
      items.push(message);
      continue;
    }
    if (runStart >= 0 && position === runEnd) {
      runEnd += 1;
      continue;
    }
    flush();
    runStart = position;
    runEnd = position + 1;
  }
  flush();
  return items;
}
