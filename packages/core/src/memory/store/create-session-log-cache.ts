import type { SessionLogCursor } from './session-log';

/** The cursors a store keeps, by session id, least recently used first out. */
export interface SessionLogCache {
  get(sessionId: string): SessionLogCursor | undefined;
  set(sessionId: string, cursor: SessionLogCursor): void;
  delete(sessionId: string): void;
}

/**
 * A bounded LRU map of session log cursors (`planSessionLogWrite`). A cursor
 * holds the last state a store read or wrote for a session (its lists: the
 * message objects are the caller's), so the bound is what a server with many
 * sessions tunes; a session whose cursor was evicted costs one full read
 * (file store) or one full write (Redis, Postgres) on its next save.
 */
export function createSessionLogCache({
  limit,
}: {
  /** How many sessions to remember; 0 remembers none. */
  readonly limit: number;
}): SessionLogCache {
  const cursors = new Map<string, SessionLogCursor>();
  return {
    get(sessionId) {
      const cursor = cursors.get(sessionId);
      if (cursor !== undefined) {
        cursors.delete(sessionId);
        cursors.set(sessionId, cursor);
      }
      return cursor;
    },
    set(sessionId, cursor) {
      cursors.delete(sessionId);
      if (limit <= 0) return;
      cursors.set(sessionId, cursor);
      if (cursors.size > limit) {
        const oldest = cursors.keys().next();
        if (oldest.done !== true) cursors.delete(oldest.value);
      }
    },
    delete(sessionId) {
      cursors.delete(sessionId);
    },
  };
}
