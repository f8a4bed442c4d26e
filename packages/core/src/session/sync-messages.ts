import { HistoryMismatchError } from '../vocabulary/error/history-mismatch-error';
import type {
  HistoryMessageRef,
  HistoryMismatchReason,
} from '../vocabulary/error/history-mismatch-error';
import { InvalidMessageError } from '../vocabulary/error/invalid-message-error';
import { isSyntheticMessage } from '../vocabulary/message/acm-marker';
import { isSameValue } from '../vocabulary/util/is-same-value';
import type { Message } from '../vocabulary/message/message';
import { getMessageText } from '../vocabulary/message/message-text';
import { emitHistoryMismatch } from './emit-history-mismatch';
import { findHistoryDivergence } from './find-history-divergence';
import { findTailOverlap } from './find-tail-overlap';
import { matchesPrefix } from './matches-prefix';
import { replaceHistory } from './replace-history';

export type {
  SyncKind,
  SyncAnchor,
  MessageSample,
  SyncMessagesOptions,
  SyncMessagesResult,
} from './sync-messages-options';
import type {
  SyncAnchor,
  MessageSample,
  SyncMessagesOptions,
  SyncMessagesResult,
} from './sync-messages-options';

/**
 * Reconciles a framework's message list with the session's memory, in
 * O(new messages). In `'mirror'` mode the list is the full history: it is
 * recognised as the continuation of the previous list, of the original
 * messages, of the working messages (by id) or of the last view handed out,
 * by checking its first message and the last `sampleSize` messages of that
 * prefix; then only the messages after the prefix are converted and appended.
 * In `'append'` mode it may also be what is new: its leading messages that
 * are the last stored ones are skipped, the rest appended. A list that does
 * neither (an edited or shortened history, another conversation, only the
 * new message in `'mirror'` mode) is never applied silently: `onMismatch`
 * decides (an error by default).
 *
 * @example
 * await syncMessages({
 *   memory,
 *   messages: state.messages,
 *   history: 'append',
 *   idOf: (message, index) => message.id ?? `lc-${index}`,
 *   convert: (fresh, { ids }) => fromLangChainMessages(fresh, { generateId: (i) => ids[i]! }),
 * });
 * @throws (rejects) HistoryMismatchError for a list that does not continue
 * the memory, with `onMismatch: 'error'`; InvalidMessageError for a message
 * core cannot hold. Nothing changed then.
 */
export async function syncMessages<TMessage>(
  options: SyncMessagesOptions<TMessage>,
): Promise<SyncMessagesResult> {
  const {
    memory,
    messages,
    offset = 0,
    idOf,
    isStored = (message, index, stored) => idOf(message, index) === stored.id,
    convert,
  } = options;
  const length = messages.length - offset;
  const at = (index: number) => messages[offset + index]!;
  const found = findContinuation(options, { length, at, isStored });
  if (found === undefined) {
    return settleMismatch(options, { length, at, isStored });
  }
  const { anchor, start } = found;
  // O(1) reads: no snapshot of the history is built, no list copied.
  const firstIndex = memory.getOriginalMessageCount();
  /** `'append'` mode took the list as new messages on top of a stored history. */
  const added = (anchor === 'tail' || anchor === 'none') && firstIndex > 0;
  const fresh = messages.slice(offset + start);
  const appended =
    fresh.length === 0
      ? []
      : convert(fresh, {
          firstIndex,
          ids: fresh.map((message, index) => idOf(message, firstIndex + index)),
        });
  if (added && appended.some(isSyntheticMessage)) {
    return settleMismatch(options, { length, at, isStored }, 'foreign');
  }
  try {
    await memory.addMessages(appended);
  } catch (error) {
    if (
      added &&
      InvalidMessageError.isInstance(error) &&
      error.reason === 'duplicate-message-id'
    ) {
      return settleMismatch(options, { length, at, isStored }, 'foreign');
    }
    throw error;
  }
  return {
    kind: 'appended',
    anchor,
    appended,
    storedBefore:
      anchor === 'working' || anchor === 'view'
        ? 0
        : memory.getOriginalMessageCount() - length,
  };
}

/** The list as the helpers read it. */
interface ListAccess<TMessage> {
  readonly length: number;
  readonly at: (index: number) => TMessage;
  readonly isStored: (
    message: TMessage,
    index: number,
    stored: Message,
  ) => boolean;
}

/** What the list continues, and where its new messages start; `undefined` for a mismatch. */
function findContinuation<TMessage>(
  {
    memory,
    convert,
    history = 'mirror',
    lastInput,
    lastView,
    isSameMessage = Object.is,
    sampleSize = 3,
  }: SyncMessagesOptions<TMessage>,
  { length, at, isStored }: ListAccess<TMessage>,
): { readonly anchor: SyncAnchor; readonly start: number } | undefined {
  const originalCount = memory.getOriginalMessageCount();
  const workingCount = memory.getMessageCount();
  /**
   * Whether the list's message at `index` is `stored`; the last one the
   * memory holds must also say what it says (its role and text): an edit of
   * the newest message that keeps its id (LangGraph's) is no continuation.
   */
  const isHeld = (index: number, stored: Message, prefixLength: number) =>
    isStored(at(index), index, stored) &&
    (index !== prefixLength - 1 ||
      convertsTo(at(index), index, stored, convert, isSameRoleAndText));
  if (
    lastInput !== undefined &&
    (lastInput.originalCount ?? lastInput.length) === originalCount &&
    matchesPrefix(length, lastInput.length, sampleSize, (index) =>
      isSameMessage(
        at(index),
        index === 0
          ? lastInput.first!
          : lastInput.last[index - lastInput.length + lastInput.last.length]!,
      ),
    )
  ) {
    return { anchor: 'input', start: lastInput.length };
  }
  if (
    matchesPrefix(length, originalCount, sampleSize, (index) =>
      isHeld(index, memory.getOriginalMessageAt(index)!, originalCount),
    )
  ) {
    return { anchor: 'original', start: originalCount };
  }
  if (
    matchesPrefix(length, workingCount, sampleSize, (index) =>
      isHeld(index, memory.getMessageAt(index)!, workingCount),
    )
  ) {
    return { anchor: 'working', start: workingCount };
  }
  if (
    lastView !== undefined &&
    matchesPrefix(length, lastView.length, sampleSize, (index) =>
      isSameMessage(at(index), lastView[index]!),
    )
  ) {
    return { anchor: 'view', start: lastView.length };
  }
  if (originalCount === 0 && workingCount === 0) {
    return { anchor: 'none', start: 0 };
  }
  if (history === 'mirror') return undefined;
  const overlap = findTailOverlap({
    memory,
    length,
    at,
    isStored: (message, position, stored) =>
      isStored(message, position, stored) &&
      (position !== originalCount - 1 ||
        convertsTo(message, position, stored, convert, isSameRoleAndText)),
    sampleSize,
  });
  if (overlap > 0) return { anchor: 'tail', start: overlap };
  // A history that starts as the stored one and then leaves it is not new.
  const repeatsStart =
    length >= 2 &&
    originalCount >= 2 &&
    isStored(at(0), 0, memory.getOriginalMessageAt(0)!) &&
    isStored(at(1), 1, memory.getOriginalMessageAt(1)!);
  return repeatsStart ? undefined : { anchor: 'none', start: 0 };
}

/** Applies `onMismatch` to a list that does not continue the memory. */
async function settleMismatch<TMessage>(
  {
    memory,
    messages,
    offset = 0,
    idOf,
    convert,
    history = 'mirror',
    onMismatch = 'error',
    onHistoryMismatch,
    remedy,
  }: SyncMessagesOptions<TMessage>,
  { length, at, isStored }: ListAccess<TMessage>,
  reason?: HistoryMismatchReason,
): Promise<SyncMessagesResult> {
  const mismatch = findHistoryDivergence({
    memory,
    history,
    length,
    at,
    // Here a message must also say what the stored one says: an edit that
    // keeps the id (LangGraph's) is where the list parts.
    isStored: (message, index, stored) =>
      isStored(message, index, stored) &&
      convertsTo(message, index, stored, convert, isSameValue),
    refOf: (message, index) => refOf(message, index, idOf, convert),
    reason,
  });
  if (onMismatch === 'report') {
    return {
      kind: 'mismatch',
      anchor: 'none',
      appended: [],
      storedBefore: 0,
      mismatch,
    };
  }
  if (onMismatch === 'error') {
    emitHistoryMismatch(onHistoryMismatch, {
      type: 'history-mismatch',
      ...mismatch,
      outcome: 'error',
    });
    throw new HistoryMismatchError({ ...mismatch, remedy });
  }
  const list = messages.slice(offset);
  const appended = convert(list, {
    firstIndex: 0,
    ids: list.map((message, index) => idOf(message, index)),
  });
  const dropped = await replaceHistory({
    memory,
    messages: appended,
    kept: mismatch.divergedAt,
  });
  emitHistoryMismatch(onHistoryMismatch, {
    type: 'history-mismatch',
    ...mismatch,
    outcome: 'replace',
    dropped,
  });
  return {
    kind: 'replaced',
    anchor: 'none',
    appended,
    storedBefore: 0,
    mismatch,
    dropped,
  };
}

/**
 * Whether a list message, converted under `stored`'s id, is `stored` by
 * `isSame`: `isSameValue` (its content, not only its id) or `isSameRoleAndText`.
 * False when the conversion throws.
 */
function convertsTo<TMessage>(
  message: TMessage,
  index: number,
  stored: Message,
  convert: SyncMessagesOptions<TMessage>['convert'],
  isSame: (converted: Message | undefined, stored: Message) => boolean,
): boolean {
  try {
    const [converted] = convert([message], {
      firstIndex: index,
      ids: [stored.id],
    });
    return isSame(converted, stored);
  } catch {
    return false;
  }
}

/** Whether a converted message has `stored`'s role and text. */
function isSameRoleAndText(
  converted: Message | undefined,
  stored: Message,
): boolean {
  return (
    converted?.role === stored.role &&
    getMessageText(converted) === getMessageText(stored)
  );
}

/** The id and role of a list message, for the mismatch (its content is not repeated). */
function refOf<TMessage>(
  message: TMessage,
  index: number,
  idOf: SyncMessagesOptions<TMessage>['idOf'],
  convert: SyncMessagesOptions<TMessage>['convert'],
): HistoryMessageRef {
  const id = idOf(message, index);
  let role = 'unknown';
  try {
    role =
      convert([message], { firstIndex: index, ids: [id] })[0]?.role ?? role;
  } catch {
    // A message core cannot read is named by its id only.
  }
  return { id, role };
}

/**
 * The length, first and last `sampleSize` messages of `messages` from
 * `offset` on (a `lastInput`), and how many original messages the memory
 * holds once they were taken in.
 */
export function sampleMessages<TMessage>(
  messages: readonly TMessage[],
  offset: number,
  sampleSize: number,
  originalCount?: number,
): MessageSample<TMessage> {
  const length = messages.length - offset;
  return {
    length,
    first: messages[offset],
    last: messages.slice(Math.max(offset + 1, messages.length - sampleSize)),
    ...(originalCount === undefined ? {} : { originalCount }),
  };
}
