import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import type { Message, Part } from '../../vocabulary/message/message';
import {
  classifyBrokenResult,
  describeBrokenResult,
  openExchangeOf,
} from './tool-pairing-problem';
import type {
  ToolPairingMode,
  ToolPairingProblemKind,
  ToolPairingRepair,
} from './tool-pairing-problem';

export type {
  ToolPairingMode,
  ToolPairingProblemKind,
  ToolPairingRepair,
} from './tool-pairing-problem';

/**
 * Checks (or, with `mode: 'drop'`, repairs) the tool pairing of a batch about
 * to be appended after `existing` (the working messages, assumed valid), so
 * that the result still satisfies the pairing part of the contract
 * (`checkContract`): every tool result answers an earlier call, once, from the
 * contiguous block of tool messages right after it; tool results only in tool
 * messages, and tool messages hold results only; tool calls only in assistant
 * messages; no assistant message follows
 * a call that still waits for a result (the calls of the last exchange may
 * stay unanswered: it is in flight).
 *
 * Looks at `existing` only back to its last assistant message (constant time
 * for a valid conversation in the usual shape), plus one backward scan of
 * `existing` to name the kind of a broken result.
 *
 * `'drop'` is deterministic and never emits an orphan: results that cannot be
 * paired are dropped (a tool message left empty is dropped), parts other than
 * results in a tool message are dropped, tool results outside tool messages
 * and tool calls outside assistant messages are dropped, and calls of the batch left without a result when a later
 * assistant message arrives are dropped from their message (dropped when left
 * empty). A call already stored that still waits for its result cannot be
 * repaired by a batch: an assistant message after it is refused in both modes.
 *
 * @returns the messages to append (the input array itself when nothing was
 * repaired) and the repairs made.
 * @throws InvalidMessageError with the batch index, `messageId` and
 * `toolCallId` of the first problem (`mode: 'reject'`, or a stored call
 * waiting for its result).
 */
export function assertToolPairing({
  existing,
  messages,
  mode = 'reject',
}: {
  existing: readonly Message[];
  messages: readonly Message[];
  /** @default 'reject' */
  mode?: ToolPairingMode;
}): { messages: readonly Message[]; repairs: readonly ToolPairingRepair[] } {
  const repairs: ToolPairingRepair[] = [];
  /** A problem of the batch's message at `index`: thrown (`'reject'`) or repaired. */
  const report = (
    kind: ToolPairingProblemKind,
    index: number,
    toolCallId: string | undefined,
    detail: string,
  ): void =>
    reportProblem(mode, messages, repairs, kind, index, toolCallId, detail);
  /** The batch as it will be appended; `null` marks a dropped message. */
  const output: (Message | null)[] = [...messages];
  let open = openExchangeOf(existing);

  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    if (message.role === 'tool') {
      const kept = message.content.filter((part) => {
        if (part.type !== 'tool-result') {
          report(
            'invalid-tool-message',
            index,
            undefined,
            `a tool message may hold tool results only, found a ${part.type} part`,
          );
          return false;
        }
        const id = part.toolCallId;
        if (
          open !== undefined &&
          open.blockOpen &&
          open.callIds.includes(id) &&
          !open.answered.has(id)
        ) {
          open.answered.add(id);
          return true;
        }
        const kind = classifyBrokenResult(
          id,
          open,
          existing,
          output.slice(0, index),
        );
        report(kind, index, id, describeBrokenResult(kind, id));
        return false;
      });
      if (kept.length === 0) {
        if (message.content.length === 0) {
          report(
            'invalid-tool-message',
            index,
            undefined,
            'a tool message without tool results',
          );
        }
        output[index] = null;
        markDropped(repairs, index);
      } else if (kept.length !== message.content.length) {
        output[index] = { ...message, content: kept };
      }
      continue;
    }

    let current: Message = message;
    if (hasMisplacedPart(message)) {
      for (const part of message.content) {
        if (part.type === 'tool-result') {
          report(
            'invalid-tool-message',
            index,
            part.toolCallId,
            `a tool result for ${JSON.stringify(part.toolCallId)} sits in a ${message.role} message`,
          );
        } else if (part.type === 'tool-call' && message.role !== 'assistant') {
          report(
            'invalid-tool-message',
            index,
            part.toolCallId,
            `a tool call ${JSON.stringify(part.toolCallId)} sits in a ${message.role} message (only assistant messages call tools)`,
          );
        }
      }
      current = {
        ...message,
        content: message.content.filter(
          (part) => !isMisplacedPart(part, message.role),
        ),
      };
      if (current.content.length === 0) {
        output[index] = null;
        markDropped(repairs, index);
        continue;
      }
    }
    if (open !== undefined) open.blockOpen = false;
    if (message.role !== 'assistant') {
      output[index] = current;
      continue;
    }

    if (open !== undefined) {
      const pending = open.callIds.filter((id) => !open!.answered.has(id));
      if (pending.length > 0) {
        if (open.batchIndex < 0 || mode === 'reject') {
          const id = pending[0]!;
          throw new InvalidMessageError({
            index,
            reason: 'missing-tool-result',
            messageId: message.id,
            toolCallId: id,
            message: `message ${JSON.stringify(message.id)}: an assistant message cannot follow tool call ${JSON.stringify(id)} before its result${open.batchIndex < 0 ? ' (the call is already in the conversation: append its result first)' : ''}`,
          });
        }
        dropCalls(output, messages, open.batchIndex, new Set(pending), repairs);
      }
    }
    const callIds: string[] = [];
    let duplicateCall = false;
    for (const part of current.content) {
      if (part.type !== 'tool-call') continue;
      if (callIds.includes(part.toolCallId)) {
        duplicateCall = true;
        report(
          'duplicate-tool-call-id',
          index,
          part.toolCallId,
          `tool call id ${JSON.stringify(part.toolCallId)} appears twice in this message`,
        );
      } else {
        callIds.push(part.toolCallId);
      }
    }
    if (duplicateCall) {
      const seen = new Set<string>();
      current = {
        ...current,
        content: current.content.filter((part) => {
          if (part.type !== 'tool-call') return true;
          if (seen.has(part.toolCallId)) return false;
          seen.add(part.toolCallId);
          return true;
        }),
      };
    }
    open =
      callIds.length === 0
        ? undefined
        : { batchIndex: index, callIds, answered: new Set(), blockOpen: true };
    output[index] = current;
  }

  if (repairs.length === 0) return { messages, repairs };
  return {
    messages: output.filter((message): message is Message => message !== null),
    repairs: repairs.sort((left, right) => left.index - right.index),
  };
}

/** A tool result outside a tool message, or a tool call outside an assistant message. */
function isMisplacedPart(part: Part, role: Message['role']): boolean {
  return (
    (part.type === 'tool-result' && role !== 'tool') ||
    (part.type === 'tool-call' && role !== 'assistant')
  );
}

/** Whether a message other than a tool message holds a part its role may not hold. */
function hasMisplacedPart(message: Message): boolean {
  for (const part of message.content) {
    if (isMisplacedPart(part, message.role)) return true;
  }
  return false;
}

/**
 * Throws the problem (`'reject'`) or records it as a repair (`'drop'`). A
 * module function, not a closure: this file runs on every append, which
 * allocates nothing it does not keep.
 */
function reportProblem(
  mode: ToolPairingMode,
  messages: readonly Message[],
  repairs: ToolPairingRepair[],
  kind: ToolPairingProblemKind,
  index: number,
  toolCallId: string | undefined,
  detail: string,
): void {
  const message = messages[index]!;
  if (mode === 'reject') {
    throw new InvalidMessageError({
      index,
      reason: kind,
      messageId: message.id,
      ...(toolCallId === undefined ? {} : { toolCallId }),
      message: `message ${JSON.stringify(message.id)}: ${detail}`,
    });
  }
  repairs.push({
    kind,
    index,
    messageId: message.id,
    ...(toolCallId === undefined ? {} : { toolCallId }),
    action: 'dropped-part',
  });
}

/** Records that the repair at `index` dropped the whole message. */
function markDropped(repairs: ToolPairingRepair[], index: number): void {
  for (let at = repairs.length - 1; at >= 0; at--) {
    const repair = repairs[at]!;
    if (repair.index !== index) break;
    repairs[at] = { ...repair, action: 'dropped-message' };
  }
}

/** Drops unanswered calls from the batch message at `index` (the message when left empty). */
function dropCalls(
  output: (Message | null)[],
  messages: readonly Message[],
  index: number,
  ids: ReadonlySet<string>,
  repairs: ToolPairingRepair[],
): void {
  const message = output[index];
  if (message === null || message === undefined) return;
  const kept = message.content.filter(
    (part) => !(part.type === 'tool-call' && ids.has(part.toolCallId)),
  );
  const action = kept.length === 0 ? 'dropped-message' : 'dropped-part';
  for (const id of ids) {
    repairs.push({
      kind: 'missing-tool-result',
      index,
      messageId: messages[index]!.id,
      toolCallId: id,
      action,
    });
  }
  output[index] = kept.length === 0 ? null : { ...message, content: kept };
}
