import { MAX_SESSION_ID_LENGTH } from '../memory/store/assert-valid-session-id';
import { hashText } from '../vocabulary/util/hash-value';

/**
 * The session a `'fork'` continues in: `<sessionId>~fork-<kept>`, where
 * `kept` is how many stored messages the forking list kept. It is derived
 * from the history, not counted or drawn, so every call that leaves the
 * stored session at the same place lands in the same fork, in any process.
 * A session id too long for a store keeps its head and a hash of the whole.
 */
export function forkSessionId(sessionId: string, kept: number): string {
  const suffix = `~fork-${kept}`;
  const id = `${sessionId}${suffix}`;
  if (id.length <= MAX_SESSION_ID_LENGTH) return id;
  const tail = `~${hashText(sessionId)}${suffix}`;
  let head = MAX_SESSION_ID_LENGTH - tail.length;
  // Never keep half of a surrogate pair (stores refuse lone surrogates).
  const last = sessionId.charCodeAt(head - 1);
  if (last >= 0xd800 && last <= 0xdbff) head--;
  return `${sessionId.slice(0, head)}${tail}`;
}
