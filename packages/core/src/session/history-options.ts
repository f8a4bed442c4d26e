import type { HistoryMismatchDetails } from '../vocabulary/error/history-mismatch-error';

/**
 * What a framework's message list is, for a session that a store (or an
 * earlier call) already holds:
 *
 * - `'mirror'`: the full history, every call (a chat UI that sends all its
 *   messages; an agent state a checkpointer restores). The session follows
 *   it: only the messages after the part it holds are appended.
 * - `'append'`: what is new (ACM's store is the history, as OpenAI Agents SDK
 *   sessions or a LangGraph checkpointer are for their users). The messages are
 *   appended to the stored history, and the model gets the stored managed view
 *   plus them. A list that starts with the last stored messages (a retry, the
 *   steps of a tool loop so far) or repeats the whole stored history is
 *   recognised: nothing is stored twice.
 */
export type HistoryMode = 'mirror' | 'append';

/**
 * What happens to a list that does not continue its stored session (an
 * edited or shortened history, another conversation under the same id, only
 * the new message in `'mirror'` mode):
 *
 * - `'error'`: a `HistoryMismatchError` (code `HISTORY_MISMATCH`) naming the
 *   session, what it holds and what arrived; nothing changes.
 * - `'fork'`: the call continues in a new session, `<session>~fork-<n>`
 *   (`n`: how many stored messages the list kept), which takes the list in
 *   whole; the stored session stays as it is. The id is derived from the
 *   history, so the next call naming the old session lands in the same fork,
 *   in this process or after a restart; the event names it.
 * - `'replace'`: the session starts over from the list; the stored messages
 *   it no longer holds are archived behind one reload id (the event's
 *   `dropped.archiveId`: `memory.reload(id)`, `context_reload`) until the app
 *   deletes them (`memory.clearOffload(id)` or the session).
 */
export type HistoryMismatchPolicy = 'error' | 'fork' | 'replace';

/** The stored messages a `'replace'` took out of the session's history. */
export interface DroppedHistory {
  readonly count: number;
  readonly ids: readonly string[];
  /**
   * The reload id they are archived behind, in the session's offload entries
   * (`memory.reload(archiveId)`, the `context_reload` tool), until the app
   * deletes it; `undefined` when nothing was dropped.
   */
  readonly archiveId: string | undefined;
}

/** A list that did not continue its stored session, and what was done about it. */
export interface HistoryMismatchEvent extends HistoryMismatchDetails {
  readonly type: 'history-mismatch';
  /**
   * `'error'`: refused (`HistoryMismatchError`), nothing changed; `'fork'`:
   * continued in `forkSessionId`; `'replace'`: the session started over from
   * the list, what it dropped is in `dropped`.
   */
  readonly outcome: HistoryMismatchPolicy;
  /** `'fork'`: the session the call continued in. */
  readonly forkSessionId?: string;
  /** `'replace'`: the stored messages no longer in the history, and where they are kept. */
  readonly dropped?: DroppedHistory;
}

/** How an adapter reads a framework's message list against a stored session. */
export interface HistoryOptions {
  /**
   * Whether each call's list is the full history (`'mirror'`) or what is new
   * (`'append'`); see `HistoryMode`. Each adapter documents its default.
   * @default 'mirror'
   */
  readonly history?: HistoryMode;
  /**
   * What a list that does not continue the stored session does; see
   * `HistoryMismatchPolicy`. A regenerate (the last answer left out) or an
   * edited message is such a list: `'fork'` keeps both branches, `'replace'`
   * keeps the new one and archives the old.
   * @default 'error'
   */
  readonly onMismatch?: HistoryMismatchPolicy;
  /**
   * Receives every mismatch with its outcome (also `'error'`, before the
   * error is thrown). A listener that throws is ignored.
   * @default undefined
   */
  readonly onHistoryMismatch?: (event: HistoryMismatchEvent) => void;
}
