import type { Message } from '../vocabulary/message/message';

/**
 * Carries what earlier hooks did to a request's messages over to the
 * memory's new view after a compression: `incoming` is the list the hook
 * received (the working messages `before` the compression, plus whatever
 * earlier hooks injected, replaced or removed); `after` is the working
 * messages after it. Working messages are recognised by id.
 *
 * - an injected message (an id not among `before`) stays right after the
 *   nearest working message before it that is still in `after` (at the
 *   front when there is none);
 * - a working message an earlier hook replaced (same id, another object)
 *   stays replaced while the compression left it as it was (the
 *   compression's version wins when it rewrote the message);
 * - a working message an earlier hook removed stays removed.
 *
 * When nothing changed (`after === before`), returns `incoming` itself.
 */
export function rebaseMessages({
  incoming,
  before,
  after,
}: {
  incoming: readonly Message[];
  before: readonly Message[];
  after: readonly Message[];
}): readonly Message[] {
  if (after === before) return incoming;
  const beforeById = new Map(before.map((message) => [message.id, message]));
  const beforeIds = new Set(beforeById.keys());
  const afterIds = new Set(after.map((message) => message.id));
  const kept = new Map<string, Message>();
  const injectedAfter = new Map<string | undefined, Message[]>();
  let anchor: string | undefined;
  for (const message of incoming) {
    if (beforeIds.has(message.id)) {
      kept.set(message.id, message);
      if (afterIds.has(message.id)) anchor = message.id;
      continue;
    }
    const group = injectedAfter.get(anchor);
    if (group === undefined) injectedAfter.set(anchor, [message]);
    else group.push(message);
  }
  const result: Message[] = [...(injectedAfter.get(undefined) ?? [])];
  for (const message of after) {
    const previous = beforeById.get(message.id);
    if (previous !== undefined) {
      const incomingMessage = kept.get(message.id);
      if (incomingMessage === undefined) continue; // removed by a hook
      // Unchanged by the compression: keep what the hooks made of it.
      result.push(previous === message ? incomingMessage : message);
    } else {
      result.push(message); // written by the compression
    }
    result.push(...(injectedAfter.get(message.id) ?? []));
  }
  return result;
}
