import type { AutoContextMemory } from '../memory/facade/auto-context-memory';
import type { HistoryMismatchDetails } from '../vocabulary/error/history-mismatch-error';
import type { Message } from '../vocabulary/message/message';
import type {
  DroppedHistory,
  HistoryMismatchEvent,
  HistoryMode,
} from './history-options';

/** How a framework's message list was taken in by `syncMessages`. */
export type SyncKind =
  /** It continued what the memory holds (or, in `'append'` mode, added to it): only the new messages were appended (maybe none). */
  | 'appended'
  /** It did not continue the memory and `onMismatch: 'replace'` started the memory over from it (`dropped` says what was archived). */
  | 'replaced'
  /** It did not continue the memory and `onMismatch: 'report'` left the memory as it was (`mismatch` says where). */
  | 'mismatch';

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
  /** `'append'` mode: the list starts with the last original messages (a retry, the steps of a loop so far). */
  | 'tail'
  /** Nothing: the list is all new (an empty memory, or `'append'` mode), or was taken in whole (`'replaced'`), or refused. */
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
  /**
   * How many original messages the memory held once that list was taken in
   * (in `'append'` mode the list is the end of the history, not all of it).
   * @default length
   */
  readonly originalCount?: number;
}

/** What `syncMessages` reconciles: the memory, the framework's list, and how to read and convert it. */
export interface SyncMessagesOptions<TMessage> {
  /** The memory of the session. */
  readonly memory: AutoContextMemory;
  /** The framework's message list of this call: the full history, or what is new (`history`). */
  readonly messages: readonly TMessage[];
  /**
   * Where the conversation starts in `messages`: the messages before it (a
   * system prompt sent as it is) are not the memory's. Positions below are
   * counted from here.
   * @default 0
   */
  readonly offset?: number;
  /**
   * The id the framework message at `index` (its position in the memory's
   * original messages) has, or gets, in the memory: the framework's own id
   * where it has one, otherwise one made from its position (and `isStored`
   * recognising messages by content). Called only for the few messages that
   * are checked and for the new ones.
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
   * Whether `messages` is the full history (`'mirror'`) or what is new
   * (`'append'`: appended to the stored history; a list that starts with the
   * last stored messages, or repeats the whole stored history, is recognised
   * and nothing is stored twice). See `HistoryMode`.
   * @default 'mirror'
   */
  readonly history?: HistoryMode;
  /**
   * A list that does not continue the memory: `'error'` throws
   * `HistoryMismatchError` (nothing changes); `'replace'` starts the memory
   * over from the list, archiving the original messages it drops behind a
   * reload id (`replaceHistory`); `'report'` changes nothing and returns
   * `kind: 'mismatch'` (the caller decides, e.g. forks). In `'mirror'` mode a
   * list continues the memory when the memory's history is a prefix of it; in
   * `'append'` mode also when its messages are new (not a history that
   * repeats the stored one's first two messages and then leaves it, no
   * message ACM wrote, no id the memory holds).
   * @default 'error'
   */
  readonly onMismatch?: 'error' | 'replace' | 'report';
  /**
   * Receives a mismatch with its outcome (`'error'`, before the error is
   * thrown, or `'replace'`; `'report'` leaves it to the caller).
   * @default undefined
   */
  readonly onHistoryMismatch?: (event: HistoryMismatchEvent) => void;
  /**
   * What the error tells the app to set, in the adapter's words.
   * @default "set history: 'append' if the app sends only the new messages, or onMismatch: 'replace' …"
   */
  readonly remedy?: string;
  /**
   * The list the memory took in on the previous call (`sampleMessages` of
   * it). It is checked first, with `isSameMessage`, and only while the
   * memory's original messages are exactly those it left, so recognising it
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
   * Whether a message of `messages` is the same as a message of `lastView`
   * or `lastInput`.
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

/** How `syncMessages` took the list in, and what it appended, archived or refused. */
export interface SyncMessagesResult {
  readonly kind: SyncKind;
  readonly anchor: SyncAnchor;
  /** The core messages appended (the whole list after a replace; none after a mismatch). */
  readonly appended: readonly Message[];
  /**
   * Original messages of the memory that the list did not carry (`'append'`
   * mode: the stored history the model needs the view for); 0 when the list
   * held the whole history or the view.
   */
  readonly storedBefore: number;
  /** `'replaced'` and `'mismatch'`: where the list left the memory's history. */
  readonly mismatch?: HistoryMismatchDetails;
  /** `'replaced'`: the original messages dropped, and the reload id they are archived behind. */
  readonly dropped?: DroppedHistory;
}
