import { StoreConflictError } from '../../vocabulary/error/store-conflict-error';
import type { ContextState } from '../../state/context-state/context-state';
import type { SessionLogCache } from './create-session-log-cache';
import { planSessionLogWrite } from './plan-session-log-write';
import type { SessionLogWrite } from './plan-session-log-write';
import type { SessionLogCursor } from './session-log';

/** What a store's conditional write of one planned record did. */
export type SessionLogWriteOutcome =
  /**
   * Written: the store now holds `state`; `storeData` goes into the cursor
   * after the write (what the store checks before its next write).
   */
  | { readonly kind: 'written'; readonly storeData?: unknown }
  /** The stored revision is not the expected one. */
  | { readonly kind: 'conflict'; readonly actualRevision: number | null }
  /**
   * The stored revision is the expected one but the log is not the one the
   * cursor describes (another lineage: another epoch, or a record from before
   * session logs; or a log changed behind the store's back): read it — which
   * refuses what cannot be read — and plan again.
   */
  | { readonly kind: 'stale' };

export interface WriteSessionLogOptions {
  readonly sessionId: string;
  /** The state to save (already checked by `assertValidSave`). */
  readonly state: ContextState;
  readonly expectedRevision: number | null;
  /** The store's cursors; updated on success, cleared for the session on any failure. */
  readonly cursors: SessionLogCache;
  /**
   * Reads the stored session (refusing a corrupt or newer record with a typed
   * error) and sets its cursor. Called before writing over a record this store
   * has not read.
   */
  readonly read: (sessionId: string) => Promise<ContextState | undefined>;
  /**
   * Writes `plan` only if the stored revision is `expectedRevision` and, when
   * `cursor` is given, the stored log is still the one it describes (epoch,
   * and the facts in its `storeData`: length, head and tail record), checked
   * in the same atomic step as the write. A delta is never appended without
   * that check.
   */
  readonly write: (
    plan: SessionLogWrite,
    cursor: SessionLogCursor | undefined,
  ) => Promise<SessionLogWriteOutcome>;
  /** A new random epoch for a full record. */
  readonly createEpoch: () => string;
}

/**
 * The compare-and-set loop every session-log store runs around
 * `planSessionLogWrite`: never write blind over a record the store has not
 * read, write a delta when the cursor is current, and after a `stale` answer
 * (the log is not the one the cursor describes) read the stored log — a
 * record that cannot be read fails the save there, with nothing written — and
 * write once more (a second `stale` is a conflict).
 *
 * @throws StoreConflictError when the stored revision is not `expectedRevision`.
 */
export async function writeSessionLog({
  sessionId,
  state,
  expectedRevision,
  cursors,
  read,
  write,
  createEpoch,
}: WriteSessionLogOptions): Promise<void> {
  const conflict = (actualRevision: number | null) =>
    new StoreConflictError({ sessionId, expectedRevision, actualRevision });
  try {
    let cursor = cursors.get(sessionId);
    for (let attempt = 0; ; attempt += 1) {
      if (
        expectedRevision !== null &&
        (cursor === undefined || cursor.revision !== expectedRevision)
      ) {
        const stored = await read(sessionId);
        if (stored?.revision !== expectedRevision) {
          throw conflict(stored?.revision ?? null);
        }
        cursor = cursors.get(sessionId);
      }
      const plan = planSessionLogWrite({
        cursor,
        state,
        expectedRevision,
        createEpoch,
      });
      const outcome = await write(plan, cursor);
      if (outcome.kind === 'written') {
        cursors.set(sessionId, plan.cursorAfter(outcome.storeData));
        return;
      }
      if (outcome.kind === 'conflict') throw conflict(outcome.actualRevision);
      // Stale: a full write planned without a cursor cannot be (it is a create).
      if (cursor === undefined || attempt > 0) throw conflict(expectedRevision);
      cursors.delete(sessionId);
      cursor = undefined;
    }
  } catch (error) {
    cursors.delete(sessionId);
    throw error;
  }
}
