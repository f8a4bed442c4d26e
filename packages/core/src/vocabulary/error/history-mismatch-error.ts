import { AcmError } from './acm-error';

const name = 'AcmHistoryMismatchError';
const marker = `acm.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * How a framework's message list fails to continue a stored session:
 * `'diverged'`, it leaves the stored history at `divergedAt` (an edited
 * message, another conversation, only the new message sent to a session that
 * expects the full history); `'shorter'`, it is the stored history cut short
 * (a regenerate: the last answer left out); `'foreign'`, the messages it adds
 * are not new (ACM's own summaries or stubs that the session does not hold,
 * or ids the session already holds elsewhere).
 */
export type HistoryMismatchReason = 'diverged' | 'shorter' | 'foreign';

/** A message as a mismatch names it: its id and role, never its content. */
export interface HistoryMessageRef {
  readonly id: string;
  readonly role: string;
}

/** Where a message list and a stored session part (`HistoryMismatchError`, the mismatch event). */
export interface HistoryMismatchDetails {
  /** The session the list was sent to. */
  readonly sessionId: string;
  /** How the adapter reads a list: the full history (`'mirror'`) or what is new (`'append'`). */
  readonly history: 'mirror' | 'append';
  readonly reason: HistoryMismatchReason;
  /** Original messages the session holds. */
  readonly storedCount: number;
  /** Messages of the list (leading system messages sent as they are not counted). */
  readonly receivedCount: number;
  /**
   * The first position where the list and the stored history differ: the
   * list's messages before it are the stored ones (`storedCount` or
   * `receivedCount` when one ends first).
   */
  readonly divergedAt: number;
  /** The stored message at `divergedAt`, when there is one. */
  readonly stored: HistoryMessageRef | undefined;
  /** The list's message at `divergedAt`, when there is one. */
  readonly received: HistoryMessageRef | undefined;
}

/**
 * A message list that does not continue its stored session was refused:
 * nothing was changed (the memory and the store are as they were). The
 * message says what was expected, what arrived, and the options that decide
 * otherwise: `history: 'append'` when the app sends only the new messages,
 * `onMismatch` to branch (`'fork'`) or start over (`'replace'`, the dropped
 * messages kept behind a reload id).
 */
export class HistoryMismatchError extends AcmError {
  private readonly [symbol] = true;
  declare readonly code: 'HISTORY_MISMATCH';

  readonly sessionId: string;
  readonly history: 'mirror' | 'append';
  readonly reason: HistoryMismatchReason;
  readonly storedCount: number;
  readonly receivedCount: number;
  readonly divergedAt: number;
  readonly stored: HistoryMessageRef | undefined;
  readonly received: HistoryMessageRef | undefined;

  constructor({
    remedy = "set history: 'append' if the app sends only the new messages, or onMismatch: 'replace' to start over (the dropped messages are archived behind a reload id)",
    cause,
    ...details
  }: HistoryMismatchDetails & {
    /** The options that decide otherwise, as the adapter names them. */
    readonly remedy?: string;
    readonly cause?: unknown;
  }) {
    super({
      name,
      code: 'HISTORY_MISMATCH',
      message: `${describeHistoryMismatch(details)} Nothing was changed: ${remedy}.`,
      cause,
    });
    this.sessionId = details.sessionId;
    this.history = details.history;
    this.reason = details.reason;
    this.storedCount = details.storedCount;
    this.receivedCount = details.receivedCount;
    this.divergedAt = details.divergedAt;
    this.stored = details.stored;
    this.received = details.received;
  }

  static override isInstance(error: unknown): error is HistoryMismatchError {
    return AcmError.hasMarker(error, marker);
  }
}

/** One sentence: which session, what it holds, what arrived and where they part. */
function describeHistoryMismatch({
  sessionId,
  history,
  reason,
  storedCount,
  receivedCount,
  divergedAt,
  stored,
  received,
}: HistoryMismatchDetails): string {
  const expected =
    history === 'mirror'
      ? `the full history, starting with its ${count(storedCount)}`
      : 'only new messages (or the stored history followed by new ones)';
  const where =
    reason === 'shorter'
      ? `it is the stored history cut short after message ${divergedAt}`
      : reason === 'foreign'
        ? `its message ${divergedAt}${ref(received)} is not new (the session holds it, or it is ACM's own)`
        : `they part at message ${divergedAt}: stored${ref(stored) || ' nothing'}, received${ref(received) || ' nothing'}${stored !== undefined && stored.id === received?.id ? ' (the same id, other content)' : ''}`;
  return `Session ${JSON.stringify(sessionId)} (history: '${history}') expected ${expected}; ${count(receivedCount)} arrived and ${where}.`;
}

function count(messages: number): string {
  return `${messages} message${messages === 1 ? '' : 's'}`;
}

function ref(message: HistoryMessageRef | undefined): string {
  return message === undefined
    ? ''
    : ` ${message.role} ${JSON.stringify(message.id)}`;
}
