import { AcmError } from './acm-error';

const name = 'AcmInvalidMessageError';
const marker = `acm.error.${name}`;
const symbol = Symbol.for(marker);

/** Why a message was rejected. */
export type InvalidMessageReason =
  | 'unknown-role'
  | 'invalid-shape'
  | 'duplicate-message-id'
  | 'duplicate-tool-call-id'
  | 'orphan-tool-result'
  | 'duplicate-tool-result'
  | 'non-adjacent-tool-result'
  | 'missing-tool-result'
  | 'invalid-tool-message'
  | 'invalid-tool-arguments'
  | 'invalid-content';

/** A message (at `index` of the input) cannot be read. Nothing was changed. */
export class InvalidMessageError extends AcmError {
  private readonly [symbol] = true;
  declare readonly code: 'INVALID_MESSAGE';

  readonly index: number;
  readonly reason: InvalidMessageReason;
  /** The id of the offending message, when it has one. */
  readonly messageId: string | undefined;
  /** The tool call id concerned, for tool-pairing reasons. */
  readonly toolCallId: string | undefined;
  /** Where in the message the problem is (`content[1].type`), when known. */
  readonly path: string | undefined;

  constructor({
    index,
    reason,
    message,
    cause,
    messageId,
    toolCallId,
    path,
  }: {
    index: number;
    reason: InvalidMessageReason;
    message: string;
    cause?: unknown;
    messageId?: string;
    toolCallId?: string;
    path?: string;
  }) {
    super({
      name,
      code: 'INVALID_MESSAGE',
      message: `Invalid message at index ${index} (${reason}): ${message}`,
      cause,
    });
    this.index = index;
    this.reason = reason;
    this.messageId = messageId;
    this.toolCallId = toolCallId;
    this.path = path;
  }

  static override isInstance(error: unknown): error is InvalidMessageError {
    return AcmError.hasMarker(error, marker);
  }
}
