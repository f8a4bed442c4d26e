import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { LONG_TERM_LIMITS } from './long-term-limits';
import { isRecord } from '../../vocabulary/util/is-record';

/**
 * Whose long-term memories these are: a user, an agent, or a user of one
 * agent. At least one field. Separate from the session: a returning user's
 * memories are found in a new session.
 *
 * Owners match exactly: `{ userId: 'u1' }` and `{ userId: 'u1', agentId: 'a' }`
 * are two different owners, and neither ever sees the other's records.
 */
export interface MemoryOwner {
  readonly userId?: string;
  readonly agentId?: string;
}

/**
 * Checks an owner: a plain object with `userId` and/or `agentId`, each a
 * non-blank string of at most {@link LONG_TERM_LIMITS}`.maxOwnerIdChars`
 * characters, and nothing else.
 *
 * @throws InvalidArgumentError otherwise.
 */
export function assertValidMemoryOwner(
  owner: unknown,
  parameter = 'owner',
): asserts owner is MemoryOwner {
  const fail = (message: string): never => {
    throw new InvalidArgumentError({ parameter, value: owner, message });
  };
  if (!isRecord(owner)) {
    fail('must be an object with a userId and/or an agentId');
  }
  const record = owner as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key !== 'userId' && key !== 'agentId' && record[key] !== undefined) {
      fail(`unknown field ${JSON.stringify(key)}: only userId and agentId`);
    }
  }
  let fields = 0;
  for (const key of ['userId', 'agentId'] as const) {
    const value = record[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.trim() === '') {
      fail(`${key} must be a non-blank string`);
    }
    if ((value as string).length > LONG_TERM_LIMITS.maxOwnerIdChars) {
      fail(
        `${key} is longer than ${LONG_TERM_LIMITS.maxOwnerIdChars} characters`,
      );
    }
    fields++;
  }
  if (fields === 0) fail('give a userId, an agentId or both');
}

/**
 * A string that identifies an owner exactly (equal keys ⇔ same owner), for
 * maps and database columns.
 */
export function memoryOwnerKey(owner: MemoryOwner): string {
  return JSON.stringify([owner.userId ?? null, owner.agentId ?? null]);
}

/** Whether two owners are the same owner (both fields equal, absent equals absent). */
export function isSameMemoryOwner(a: MemoryOwner, b: MemoryOwner): boolean {
  return (
    (a.userId ?? null) === (b.userId ?? null) &&
    (a.agentId ?? null) === (b.agentId ?? null)
  );
}
