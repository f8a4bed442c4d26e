import { StoreConflictError } from '../../vocabulary/error/store-conflict-error';
import { parseState, serializeState } from '../../state/context-state';
import type { ContextState } from '../../state/context-state/context-state';
import { assertValidSave } from './assert-valid-save';
import { assertValidSessionId } from './assert-valid-session-id';
import type { SaveOptions, SessionStore } from './session-store';

/** A {@link SessionStore} whose methods answer synchronously. */
export interface InMemorySessionStore extends SessionStore {
  load(sessionId: string): ContextState | undefined;
  save(sessionId: string, state: ContextState, options: SaveOptions): void;
  delete(sessionId: string): boolean;
  list(): string[];
}

interface StoredSession {
  readonly revision: number;
  readonly serialized: string;
}

/**
 * A {@link SessionStore} that keeps sessions in memory, for tests and
 * single-process tools. Pure: no I/O; its methods are synchronous.
 *
 * It stores serialized copies (`serializeState`) and parses them back on load,
 * so callers can neither mutate stored state nor observe another caller's
 * objects, and a state that cannot be serialized fails at save time as it would
 * with a persistent store.
 */
export function createInMemorySessionStore(): InMemorySessionStore {
  const sessions = new Map<string, StoredSession>();

  return {
    load(sessionId) {
      assertValidSessionId(sessionId);
      const stored = sessions.get(sessionId);
      return stored === undefined ? undefined : parseState(stored.serialized);
    },

    save(sessionId, state, { expectedRevision }) {
      assertValidSave({ sessionId, state, expectedRevision });
      const serialized = serializeState(state);
      const actualRevision = sessions.get(sessionId)?.revision ?? null;
      if (actualRevision !== expectedRevision) {
        throw new StoreConflictError({
          sessionId,
          expectedRevision,
          actualRevision,
        });
      }
      sessions.set(sessionId, { revision: state.revision, serialized });
    },

    delete(sessionId) {
      assertValidSessionId(sessionId);
      return sessions.delete(sessionId);
    },

    list() {
      return [...sessions.keys()].sort();
    },
  };
}
