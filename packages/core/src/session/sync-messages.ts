import type { AutoContextMemory } from '../memory/facade/auto-context-memory';
import type { Message } from '../vocabulary/message/message';

/** How a framework's message list was taken in by `syncMessages`. */
export type SyncKind =
  /** It continued what the memory holds: only the new messages were appended (maybe none). */
  | 'appended'
  /** It did not continue the memory: the memory was cleared and took the whole list in. */
  | 'rebuilt';

/** What the framework's list was recognised as the continuation of. */
export type SyncAnchor =
  /** The list of the previous call (`lastInput`), compared message by message: no ids computed. */
  | 'input'
  /** The original messages (the framework keeps the full history: AI SDK middleware). */
  | 'original'
  /** The working messages, by id (the framework keeps the managed view: LangChain state). */
  | 'working'
  /** The last view handed to the framework (AI SDK `prepareStep` on ai 7). */
  | 'view'
  | 'none';

/**
 * What `syncMessages` reads of a list it saw before: its length, its first
 * and its last `sampleSize` messages (`sampleMessages`), so the caller need
 * not keep the whole list alive.
 */
export interface MessageSample<TMessage> {
  readonly length: number;
  readonly first: TMessage | undefined;
  /** The messages from `length - last.length` on. */
  readonly last: readonly TMessage[];
}

export interface SyncMessagesOptions<TMessage> {
  /** The memory of the session. */
  readonly memory: AutoContextMemory;
  /** The framework's full message list of this call. */
  readonly messages: readonly TMessage[];
  /**
   * Where the conversation starts in `messages`: the messages before it (a
   * system prompt sent as it is) are not the memory's. Positions below are
   * counted from here.
   * @default 0
   */
  readonly offset?: number;
  /**
   * The id the framework message at `index` has, or gets, in the memory: the
   * framework's own id where it has one, otherwise one made from its position
   * (and `isStored` recognising messages by content). Called only for the
   * few messages that are checked and for the new ones.
   */
  readonly idOf: (message: TMessage, index: number) => string;
  /**
   * Whether the framework message at `index` is `stored`, a message of the
   * memory (a framework without ids recognises its messages by content).
   * @default `idOf(message, index) === stored.id`
   */
  readonly isStored?: (
    message: TMessage,
    index: number,
    stored: Message,
  ) => boolean;
  /**
   * Converts new framework messages to core messages; `firstIndex` is the
   * position of the first one in the original history, `ids` the ids
   * `idOf` gave them.
   */
  readonly convert: (
    messages: readonly TMessage[],
    context: { readonly firstIndex: number; readonly ids: readonly string[] },
  ) => readonly Message[];
  /**
   * The list the memory took in on the previous call (`sampleMessages` of
   * it), when the framework sends its full history every call (AI SDK
   * middleware). It is checked first, with `isSameMessage`, and only while
   * the memory's original messages are exactly that many, so recognising it
   * costs no id (no hash) of an old message.
   * @default undefined
   */
  readonly lastInput?: MessageSample<TMessage>;
  /**
   * The view last handed to the framework, when it may send that view back
   * with new messages appended (a `prepareStep` whose result is carried
   * forward).
   * @default undefined
   */
  readonly lastView?: readonly TMessage[];
  /**
   * Whether a message of `messages` is the same as a message of `lastView`.
   * @default Object.is
   */
  readonly isSameMessage?: (
    message: TMessage,
    viewMessage: TMessage,
  ) => boolean;
  /**
   * How many messages at the end of a known prefix are checked (the first
   * message is always checked too). The check costs O(sampleSize), not
   * O(history): an edit in the middle of a long history that keeps its
   * length, its first and its last messages is not noticed.
   * @default 3
   */
  readonly sampleSize?: number;
}

export interface SyncMessagesResult {
  readonly kind: SyncKind;
  readonly anchor: SyncAnchor;
  /** The core messages appended (all of them after a rebuild). */
  readonly appended: readonly Message[];
}

/**
 * Reconciles the full message list a framework hands over on every call with
 * the session's memory, in O(new messages): the list is recognised as the
 * continuation of the original messages, of the working messages (by id) or of
 * the last view handed out, by checking its first message and the last
 * `sampleSize` messages of that prefix; then only the messages after the
 * prefix are converted and appended. A list that continues none of them (a
 * new conversation, an edited history) clears the memory and is taken in
 * whole.
 *
 * @example
 * await syncMessages({
 *   memory,
 *   messages: state.messages,
 *   idOf: (message, index) => message.id ?? `lc-${index}`,
 *   convert: (fresh, { ids }) => fromLangChainMessages(fresh, { generateId: (i) => ids[i]! }),
 * });
 */
export async function syncMessages<TMessage>({
  memory,
  messages,
  offset = 0,
  idOf,
  isStored = (message, index, stored) => idOf(message, index) === stored.id,
  convert,
  lastInput,
  lastView,
  isSameMessage = Object.is,
  sampleSize = 3,
}: SyncMessagesOptions<TMessage>): Promise<SyncMessagesResult> {
  // O(1) reads: no snapshot of the history is built, no list copied.
  const originalCount = memory.getOriginalMessageCount();
  const workingCount = memory.getMessageCount();
  const length = messages.length - offset;
  const at = (index: number) => messages[offset + index]!;
  let anchor: SyncAnchor = 'none';
  let start = 0;
  if (
    lastInput?.length === originalCount &&
    matchesPrefix(length, originalCount, sampleSize, (index) =>
      isSameMessage(
        at(index),
        index === 0
          ? lastInput.first!
          : lastInput.last[index - originalCount + lastInput.last.length]!,
      ),
    )
  ) {
    anchor = 'input';
    start = originalCount;
  } else if (
    matchesPrefix(length, originalCount, sampleSize, (index) =>
      isStored(at(index), index, memory.getOriginalMessageAt(index)!),
    )
  ) {
    anchor = 'original';
    start = originalCount;
  } else if (
    matchesPrefix(length, workingCount, sampleSize, (index) =>
      isStored(at(index), index, memory.getMessageAt(index)!),
    )
  ) {
    anchor = 'working';
    start = workingCount;
  } else if (
    lastView !== undefined &&
    matchesPrefix(length, lastView.length, sampleSize, (index) =>
      isSameMessage(at(index), lastView[index]!),
    )
  ) {
    anchor = 'view';
    start = lastView.length;
  }

  const kind: SyncKind =
    anchor !== 'none' || (originalCount === 0 && workingCount === 0)
      ? 'appended'
      : 'rebuilt';
  if (kind === 'rebuilt') await memory.clear();

  const firstIndex = kind === 'rebuilt' ? 0 : originalCount;
  const fresh = messages.slice(offset + start);
  if (fresh.length === 0) return { kind, anchor, appended: [] };
  const ids = fresh.map((message, offset) =>
    idOf(message, firstIndex + offset),
  );
  const appended = convert(fresh, { firstIndex, ids });
  await memory.addMessages(appended);
  return { kind, anchor, appended };
}

/** The length, first and last `sampleSize` messages of `messages` from `offset` on (a `lastInput`). */
export function sampleMessages<TMessage>(
  messages: readonly TMessage[],
  offset: number,
  sampleSize: number,
): MessageSample<TMessage> {
  const length = messages.length - offset;
  return {
    length,
    first: messages[offset],
    last: messages.slice(Math.max(offset + 1, messages.length - sampleSize)),
  };
}

/** Whether a list of `length` continues a prefix of `prefixLength`, checking the first and the last `sampleSize` positions. */
function matchesPrefix(
  length: number,
  prefixLength: number,
  sampleSize: number,
  matches: (index: number) => boolean,
): boolean {
  if (prefixLength === 0 || length < prefixLength) return false;
  if (!matches(0)) return false;
  for (
    let index = prefixLength - 1;
    index >= Math.max(1, prefixLength - sampleSize);
    index--
  ) {
    if (!matches(index)) return false;
  }
  return true;
}
