import type { AutoContextMemory } from '../memory/facade/auto-context-memory';
import { appendMessages } from '../state/context-state/append-messages';
import { createContextState } from '../state/context-state/create-context-state';
import type { Message } from '../vocabulary/message/message';
import type { DroppedHistory } from './history-options';

/** What `replaceHistory` starts the memory over from. */
export interface ReplaceHistoryOptions {
  /** The memory whose history is replaced. */
  readonly memory: AutoContextMemory;
  /** The list's messages as core messages: the session's new history. */
  readonly messages: readonly Message[];
  /** How many leading original messages the new history keeps (the list holds them too). */
  readonly kept: number;
}

/**
 * The `'replace'` policy: the memory starts over from `messages`, and the
 * original messages after the `kept` ones (which `messages` holds again) are
 * archived behind one new reload id in the new state, so they stay reachable
 * (`memory.reload`, `context_reload`, the store) until the app deletes them.
 * `messages` is checked first (`appendMessages` on an empty state), so an
 * invalid list leaves the memory as it was. Offload entries of the old
 * history are cleared (reloading one answers "cleared", as after `clear()`):
 * their content is that of original messages, kept or archived.
 * @returns what was dropped and where it is kept.
 * @throws (rejects) InvalidMessageError for a list core cannot hold; nothing changed then.
 */
export async function replaceHistory({
  memory,
  messages,
  kept,
}: ReplaceHistoryOptions): Promise<DroppedHistory> {
  appendMessages(createContextState({ sessionId: memory.sessionId }), messages);
  const dropped = memory.getOriginalMessages().slice(kept);
  await memory.clear();
  const archiveId =
    dropped.length === 0 ? undefined : await memory.offload(dropped);
  await memory.addMessages(messages);
  return {
    count: dropped.length,
    ids: dropped.map((message) => message.id),
    archiveId,
  };
}
