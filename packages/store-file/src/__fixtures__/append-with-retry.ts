import { StoreConflictError } from '@acm/core';
import type { ContextState, Message, SessionStore } from '@acm/core';

/** A one-message state at revision 1: the base that writers append to. */
export function createBaseState(sessionId: string): ContextState {
  const message: Message = {
    id: 'base',
    role: 'user',
    content: [{ type: 'text', text: 'base' }],
  };
  return {
    sessionId,
    working: [message],
    original: [message],
    offloads: {},
    events: [],
    revision: 1,
  };
}

/**
 * Appends `count` messages `<writer>-<n>` to the session, each with a
 * load → append → compare-and-set save that retries on StoreConflictError.
 * Returns the number of conflicts it retried.
 */
export async function appendWithRetry({
  store,
  sessionId,
  writer,
  count,
}: {
  store: SessionStore;
  sessionId: string;
  writer: string;
  count: number;
}): Promise<number> {
  let conflicts = 0;
  for (let update = 0; update < count; update++) {
    for (;;) {
      const current = await store.load(sessionId);
      if (current === undefined)
        throw new Error(`session ${sessionId} is missing`);
      const message: Message = {
        id: `${writer}-${update}`,
        role: 'user',
        content: [{ type: 'text', text: `${writer} update ${update}` }],
      };
      try {
        await store.save(
          sessionId,
          {
            ...current,
            working: [...current.working, message],
            original: [...current.original, message],
            revision: current.revision + 1,
          },
          { expectedRevision: current.revision },
        );
        break;
      } catch (error) {
        if (!StoreConflictError.isInstance(error)) throw error;
        conflicts++;
      }
    }
  }
  return conflicts;
}
