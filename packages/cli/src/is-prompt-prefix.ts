import type { Message } from '@acm/core';

const wireCache = new WeakMap<Message, string>();

/** The part of a message a provider receives (role, name, content), as canonical text. */
function toWire(message: Message): string {
  let wire = wireCache.get(message);
  if (wire === undefined) {
    wire = JSON.stringify([
      message.role,
      message.name ?? null,
      message.content,
    ]);
    wireCache.set(message, wire);
  }
  return wire;
}

/** Whether two messages look the same to a provider: same role, name and content. */
export function isSameWireMessage(left: Message, right: Message): boolean {
  return left === right || toWire(left) === toWire(right);
}

/**
 * Whether `next` starts with every message of `previous`, message by
 * message, as a provider's prompt cache sees it (role, name and content;
 * ids and metadata are not sent). An empty `previous` is a prefix of
 * anything.
 */
export function isPromptPrefix(
  previous: readonly Message[],
  next: readonly Message[],
): boolean {
  if (previous.length > next.length) return false;
  for (let index = 0; index < previous.length; index++) {
    if (!isSameWireMessage(previous[index]!, next[index]!)) return false;
  }
  return true;
}
