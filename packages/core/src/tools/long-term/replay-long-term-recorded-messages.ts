import { batchLongTermRecordedMessages } from './batch-long-term-recorded-messages';
import type { LongTermJournalEntry } from './create-embedded-long-term-backend';
import type { LongTermRecordedMessages } from './long-term-memory-backend';
import { memoryOwnerKey } from './memory-owner';
import type { MemoryOwner } from './memory-owner';

/**
 * The messages marked recorded by journal entries in order (owner deletes
 * clear them), for `createEmbeddedLongTermBackend({ recordedMessages })`
 * after a restart.
 */
export function replayLongTermRecordedMessages(
  entries: Iterable<LongTermJournalEntry>,
): LongTermRecordedMessages[] {
  const byOwner = new Map<
    string,
    { owner: MemoryOwner; sessions: Map<string, Set<string>> }
  >();
  for (const entry of entries) {
    if (entry.op === 'delete-owner') {
      byOwner.delete(memoryOwnerKey(entry.owner));
      continue;
    }
    if (entry.messages === undefined) continue;
    const key = memoryOwnerKey(entry.messages.owner);
    let shelf = byOwner.get(key);
    if (shelf === undefined) {
      shelf = { owner: entry.messages.owner, sessions: new Map() };
      byOwner.set(key, shelf);
    }
    const session = entry.messages.sessionId ?? '';
    let ids = shelf.sessions.get(session);
    if (ids === undefined) {
      ids = new Set();
      shelf.sessions.set(session, ids);
    }
    for (const id of entry.messages.messageIds) ids.add(id);
  }
  const all: LongTermRecordedMessages[] = [];
  for (const { owner, sessions } of byOwner.values()) {
    for (const [session, ids] of sessions) {
      all.push(...batchLongTermRecordedMessages(owner, session, [...ids]));
    }
  }
  return all;
}
