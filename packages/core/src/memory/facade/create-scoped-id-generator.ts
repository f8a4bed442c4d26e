import type { IdGenerator } from '../../vocabulary/clock/clock';
import { getSessionTag } from '../../state/offload/session-tag';

/**
 * Wraps `generateId` so that every id carries the session's tag:
 * `${getSessionTag(sessionId)}_${generateId()}`, e.g.
 * `3fa2b7c1_9e8d0c4b5a6f7e8d9c0b1a2f3e4d5c6b`. The random part keeps its
 * 128 bits (with the default `randomId`), so ids stay unguessable.
 */
export function createScopedIdGenerator({
  sessionId,
  generateId,
}: {
  /** The session the ids belong to. */
  readonly sessionId: string;
  /** The generator of the random part. */
  readonly generateId: IdGenerator;
}): IdGenerator {
  const tag = getSessionTag(sessionId);
  return () => `${tag}_${generateId()}`;
}
