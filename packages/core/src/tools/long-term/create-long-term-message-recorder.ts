import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { LongTermMemoryError } from '../../vocabulary/error/long-term-memory-error';
import type { Message } from '../../vocabulary/message/message';
import { guardLongTermOperation } from './guard-long-term-operation';
import { LONG_TERM_LIMITS } from './long-term-limits';
import type { LongTermRecordedMessages } from './long-term-memory-backend';
import {
  RECORD_TO_MEMORY_TOOL_NAME,
  RETRIEVE_FROM_MEMORY_TOOL_NAME,
} from './long-term-tool-definitions';
import { renderMessageForSearch } from './render-message-for-search';
import type { LongTermMemorySetup } from './resolve-long-term-memory-options';
import {
  splitLongTermEntries,
  storeLongTermEntries,
} from './store-long-term-entries';
import type { LongTermEntry } from './store-long-term-entries';

/** `LongTermMemory.record` with what it keeps between calls. */
export interface LongTermMessageRecorder {
  /** Records the messages not recorded before (see `LongTermMemory.record`). */
  record(messages: readonly Message[]): Promise<void>;
  /**
   * Runs `deleteOwner` after the recordings started before it (so none lands
   * after the delete), and forgets where the last list ended: the backend's
   * marks are deleted with the records.
   */
  forget(deleteOwner: () => Promise<number>): Promise<number>;
}

/** Where the last recorded list ended: its last message (the object) and its position. */
interface RecordCursor {
  readonly index: number;
  readonly message: unknown;
}

/**
 * Records messages idempotently by message id, for one owner and session:
 *
 * - **In the backend.** Each message handled is marked recorded in the
 *   backend with its records, in the same write (`add`'s
 *   `options.messages`); a message marked already, by this process before a
 *   restart or by another instance, is never recorded again. Before
 *   extracting or embedding anything, a list that does not continue the last
 *   one asks the backend which of its messages are recorded
 *   (`findRecordedMessages`).
 * - **In O(new).** When a list continues the last one recorded (the very
 *   message object that ended it is at the same position, as when the app
 *   appends to its conversation), only the messages after that position are
 *   read: passing the whole conversation every turn costs what the new
 *   messages cost. An id alone is not trusted for this: ids derived from
 *   content (the AI SDK middleware's) repeat. Another list is read whole,
 *   against the ids this memory knows recorded (no backend call for those).
 *   The backend's marks remain the safety net (a message another instance
 *   recorded meanwhile is dropped when the write reports it).
 *
 * Calls run one at a time, in call order. All or nothing per write: when
 * `extract`, `embed` or the backend fails, the call rejects, nothing of
 * that write is marked, and the next call tries those messages again.
 */
export function createLongTermMessageRecorder(
  setup: LongTermMemorySetup,
): LongTermMessageRecorder {
  let cursor: RecordCursor | undefined;
  /** Ids this memory recorded or found recorded (what `forget` deletes is forgotten with it). */
  let known = new Set<string>();
  let queue: Promise<unknown> = Promise.resolve();
  /** Runs calls one at a time, in call order. */
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const result = queue.then(run);
    queue = result.catch(() => undefined);
    return result;
  };

  const recordNow = async (input: readonly Message[]): Promise<void> => {
    const messages: unknown = input;
    if (!isList(messages)) throw badMessages(messages);
    const start = continuedAt(messages, cursor);
    const scanned = messages.slice(start);
    assertMessages(scanned, start);
    const candidates = keptMessages(setup, scanned, known);
    let fresh = candidates;
    if (start === 0 && candidates.length > 0) {
      const recorded = await findRecorded(setup, candidates);
      for (const id of recorded) known.add(id);
      fresh = candidates.filter((message) => !recorded.has(message.id));
    }
    for (const group of groupMessages(setup, fresh)) {
      await recordGroup(setup, group);
      for (const message of group.messages) known.add(message.id);
    }
    if (messages.length > 0) {
      const index = messages.length - 1;
      cursor = { index, message: messages[index] };
    }
  };

  return {
    record: (messages) => serial(() => recordNow(messages)),
    forget: (deleteOwner) =>
      serial(() => {
        cursor = undefined;
        known = new Set();
        return deleteOwner();
      }),
  };
}

/**
 * Where to start reading `messages`: after the last list's end when
 * `messages` continues it (the same message object at that position), else
 * at 0.
 */
function continuedAt(
  messages: readonly unknown[],
  cursor: RecordCursor | undefined,
): number {
  return cursor !== undefined &&
    messages.length > cursor.index &&
    messages[cursor.index] === cursor.message
    ? cursor.index + 1
    : 0;
}

/** The messages of a kept role not `known`, once per id, without the memory tools' parts. */
function keptMessages(
  { keptRoles }: LongTermMemorySetup,
  messages: readonly Message[],
  known: ReadonlySet<string>,
): Message[] {
  const seen = new Set<string>();
  const kept: Message[] = [];
  for (const message of messages) {
    if (
      !keptRoles.has(message.role) ||
      seen.has(message.id) ||
      known.has(message.id)
    ) {
      continue;
    }
    seen.add(message.id);
    kept.push(withoutMemoryToolParts(message));
  }
  return kept;
}

/** The ids of `messages` the backend has marked recorded for this owner and session. */
async function findRecorded(
  setup: LongTermMemorySetup,
  messages: readonly Message[],
): Promise<Set<string>> {
  const recorded = new Set<string>();
  for (
    let start = 0;
    start < messages.length;
    start += LONG_TERM_LIMITS.maxMessageIdsPerRequest
  ) {
    const request = recordedMessagesOf(
      setup,
      messages.slice(start, start + LONG_TERM_LIMITS.maxMessageIdsPerRequest),
    );
    // Part of recording: a failure is the recording's ('add').
    const found: unknown = await guardLongTermOperation('add', () =>
      setup.backend.findRecordedMessages(request),
    );
    if (!isList(found)) {
      throw new LongTermMemoryError({
        operation: 'add',
        message: `the backend's findRecordedMessages resolved to ${typeof found}: expected an array of message ids`,
      });
    }
    for (const id of found) recorded.add(id as string);
  }
  return recorded;
}

/** A group of messages recorded in one backend write. */
interface MessageGroup {
  readonly messages: readonly Message[];
  /** Their records' entries when there is no `extract` (one per message, split later). */
  readonly entries: readonly LongTermEntry[];
}

/**
 * `messages` in groups that one backend write accepts: at most
 * `maxMessageIdsPerRequest` messages and, without `extract`, at most
 * `maxRecordsPerAdd` records (a message longer than a record is several).
 */
function groupMessages(
  { extract }: LongTermMemorySetup,
  messages: readonly Message[],
): MessageGroup[] {
  const groups: MessageGroup[] = [];
  let current: { messages: Message[]; entries: LongTermEntry[] } = {
    messages: [],
    entries: [],
  };
  let pieces = 0;
  for (const message of messages) {
    const entry: LongTermEntry | undefined =
      extract === undefined ? entryOf(message) : undefined;
    const count =
      entry === undefined ? 0 : splitLongTermEntries([entry]).length;
    if (
      current.messages.length > 0 &&
      (current.messages.length === LONG_TERM_LIMITS.maxMessageIdsPerRequest ||
        pieces + count > LONG_TERM_LIMITS.maxRecordsPerAdd)
    ) {
      groups.push(current);
      current = { messages: [], entries: [] };
      pieces = 0;
    }
    current.messages.push(message);
    if (entry !== undefined && count > 0) current.entries.push(entry);
    pieces += count;
  }
  if (current.messages.length > 0) groups.push(current);
  return groups;
}

/**
 * Records one group and marks its messages, in one write. When the backend
 * says some were recorded meanwhile (another instance), records the rest
 * again without them.
 */
async function recordGroup(
  setup: LongTermMemorySetup,
  group: MessageGroup,
): Promise<void> {
  let messages = group.messages;
  let entries = group.entries;
  for (;;) {
    const result = await storeLongTermEntries(
      setup,
      setup.extract === undefined
        ? entries
        : await extractEntries(setup, messages),
      recordedMessagesOf(setup, messages),
    );
    if (result.status === 'added') return;
    const taken = new Set(result.messageIds);
    messages = messages.filter((message) => !taken.has(message.id));
    if (messages.length === 0) return;
    entries = entries.filter(
      (entry) => !taken.has(entry.metadata?.messageId ?? ''),
    );
  }
}

/** The record entry of a message without `extract`: its text, with its id and role. */
function entryOf(message: Message): LongTermEntry {
  return {
    text: renderMessageForSearch(message),
    source: 'framework',
    metadata: { messageId: message.id, role: message.role },
  };
}

/** The facts `extract` gives for `messages`, as entries. */
async function extractEntries(
  { extract }: LongTermMemorySetup,
  messages: readonly Message[],
): Promise<LongTermEntry[]> {
  const facts = await guardLongTermOperation(
    'add',
    async () => await extract!(messages),
  );
  if (
    !Array.isArray(facts) ||
    !facts.every((fact) => typeof fact === 'string')
  ) {
    throw new LongTermMemoryError({
      operation: 'add',
      message: 'extract must return an array of strings',
    });
  }
  return facts
    .filter((fact) => fact.trim() !== '')
    .map((text) => ({ text, source: 'framework' as const }));
}

function recordedMessagesOf(
  { owner, sessionId }: LongTermMemorySetup,
  messages: readonly Message[],
): LongTermRecordedMessages {
  return {
    owner,
    ...(sessionId !== undefined ? { sessionId } : {}),
    messageIds: messages.map((message) => message.id),
  };
}

/**
 * The message without its calls to the memory tools and their results: a
 * retrieval recorded again would copy every memory it returned, on every
 * turn.
 */
function withoutMemoryToolParts(message: Message): Message {
  const content = message.content.filter(
    (part) =>
      (part.type !== 'tool-call' && part.type !== 'tool-result') ||
      (part.toolName !== RECORD_TO_MEMORY_TOOL_NAME &&
        part.toolName !== RETRIEVE_FROM_MEMORY_TOOL_NAME),
  );
  return content.length === message.content.length
    ? message
    : { ...message, content };
}

function isList(value: unknown): value is readonly unknown[] {
  return Array.isArray(value);
}

/**
 * Checks the messages read (those after a continued list's end were
 * checked when recorded): objects with a non-blank id of at most
 * `maxMessageIdChars`, a role and a content array.
 */
function assertMessages(
  messages: readonly unknown[],
  offset: number,
): asserts messages is readonly Message[] {
  messages.forEach((message, index) => {
    if (
      message === null ||
      typeof message !== 'object' ||
      typeof (message as Message).id !== 'string' ||
      typeof (message as Message).role !== 'string' ||
      !Array.isArray((message as Message).content)
    ) {
      throw new InvalidArgumentError({
        parameter: `messages[${offset + index}]`,
        value: message,
        message: 'must be a message ({ id, role, content[] })',
      });
    }
    const { id } = message as Message;
    if (id.trim() === '' || id.length > LONG_TERM_LIMITS.maxMessageIdChars) {
      throw new InvalidArgumentError({
        parameter: `messages[${offset + index}].id`,
        value: id,
        message: `must be a non-blank string of at most ${LONG_TERM_LIMITS.maxMessageIdChars} characters (messages are recorded once by id)`,
      });
    }
  });
}

function badMessages(messages: unknown): InvalidArgumentError {
  return new InvalidArgumentError({
    parameter: 'messages',
    value: messages,
    message: 'must be an array of messages ({ id, role, content[] })',
  });
}
