import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { isRecord } from '../../vocabulary/util/is-record';
import type {
  LongTermRecord,
  LongTermRecordedMessages,
} from './long-term-memory-backend';
import { LONG_TERM_LIMITS } from './long-term-limits';
import { assertValidMemoryOwner, isSameMemoryOwner } from './memory-owner';

/**
 * Checks recorded messages (`findRecordedMessages`, `add`'s
 * `options.messages`): a valid owner, a non-blank `sessionId` of at most
 * `maxSessionIdChars` when given, and an array of at most
 * `maxMessageIdsPerRequest` message ids, each non-blank, at most
 * `maxMessageIdChars` long and given once. With `records`, each record must
 * be of that owner. Backends call it before reading or storing anything.
 *
 * @throws InvalidArgumentError naming the first bad field.
 */
export function assertValidLongTermRecordedMessages(
  messages: unknown,
  parameter = 'request',
  records?: readonly LongTermRecord[],
): asserts messages is LongTermRecordedMessages {
  const fail = (field: string, value: unknown, message: string): never => {
    throw new InvalidArgumentError({
      parameter: field === '' ? parameter : `${parameter}.${field}`,
      value,
      message,
    });
  };
  if (!isRecord(messages)) {
    fail('', messages, 'must be an object { owner, sessionId?, messageIds }');
  }
  const m = messages as Record<string, unknown>;
  assertValidMemoryOwner(m.owner, `${parameter}.owner`);
  if (
    m.sessionId !== undefined &&
    (typeof m.sessionId !== 'string' ||
      m.sessionId.trim() === '' ||
      m.sessionId.length > LONG_TERM_LIMITS.maxSessionIdChars)
  ) {
    fail(
      'sessionId',
      m.sessionId,
      `must be a non-blank string of at most ${LONG_TERM_LIMITS.maxSessionIdChars} characters when given`,
    );
  }
  const ids = m.messageIds;
  if (!Array.isArray(ids)) {
    fail('messageIds', ids, 'must be an array of message ids');
  }
  const list = ids as readonly unknown[];
  if (list.length > LONG_TERM_LIMITS.maxMessageIdsPerRequest) {
    fail(
      'messageIds',
      list.length,
      `at most ${LONG_TERM_LIMITS.maxMessageIdsPerRequest} ids per request (got ${list.length})`,
    );
  }
  const seen = new Set<string>();
  list.forEach((id, index) => {
    if (
      typeof id !== 'string' ||
      id.trim() === '' ||
      id.length > LONG_TERM_LIMITS.maxMessageIdChars
    ) {
      fail(
        `messageIds[${index}]`,
        id,
        `must be a non-blank string of at most ${LONG_TERM_LIMITS.maxMessageIdChars} characters`,
      );
    }
    if (seen.has(id as string)) {
      fail(`messageIds[${index}]`, id, 'appears twice');
    }
    seen.add(id as string);
  });
  const owner = m.owner;
  records?.forEach((record, index) => {
    if (!isSameMemoryOwner(record.owner, owner)) {
      throw new InvalidArgumentError({
        parameter: `records[${index}].owner`,
        value: record.owner,
        message: `must be the owner of ${parameter} (records and the messages they come from have one owner)`,
      });
    }
  });
}
