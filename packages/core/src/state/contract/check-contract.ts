import { analyzeConversation } from '../conversation/analyze-conversation';
import { getAcmMarker } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import type { ContractViolation } from '../../vocabulary/error/contract-violation';
import { isSameValue } from '../../vocabulary/util/is-same-value';

export interface CheckContractOptions {
  /**
   * The conversation as it was before the operation being checked. Its
   * in-flight exchange (the latest exchange with no later assistant message)
   * must appear unchanged and contiguous in the checked messages; messages may
   * follow it (new results, a new answer).
   * @default undefined (no comparison)
   */
  previous?: readonly Message[];
}

/**
 * Checks the message part of the ACM contract (DESIGN §5) and returns every
 * violation found, each with the index of the offending message (empty array =
 * the conversation is valid):
 *
 * - message ids are unique; a tool call id is not used twice in one message,
 *   nor reused while an earlier call with that id still waits for its result
 *   (recorded traces reuse ids once answered; a result answers the latest
 *   earlier call with its id);
 * - tool messages hold tool results and nothing else, tool results appear
 *   only in tool messages, and tool calls only in assistant messages;
 * - every tool result answers an earlier call, once, from the contiguous block
 *   of tool messages right after that call;
 * - every call has a result, except in the in-flight exchange;
 * - the conversation does not end on an assistant message ACM wrote;
 * - with `previous`, its in-flight exchange is still there, unchanged.
 *
 * Each broken result is reported once, by its first applicable kind in this
 * order: orphan, duplicate, non-adjacent. A call whose only result sits
 * elsewhere counts as `non-adjacent-tool-result` (at the result), not as
 * `missing-tool-result`. Violations come sorted by index (stable). Linear in
 * the size of the messages.
 */
export function checkContract(
  messages: readonly Message[],
  { previous }: CheckContractOptions = {},
): ContractViolation[] {
  const violations: ContractViolation[] = [];
  const indexById = new Map<string, number>();
  /** Every registered call, in order. */
  const calls: CallRecord[] = [];
  /** The latest registered call of each id: the one a result answers. */
  const latestCallById = new Map<string, CallRecord>();
  /** Index of the assistant message whose block of tool messages we are in, or -1. */
  let blockOwner = -1;

  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    const earlier = indexById.get(message.id);
    if (earlier === undefined) {
      indexById.set(message.id, index);
    } else {
      violations.push({
        kind: 'duplicate-message-id',
        index,
        messageId: message.id,
        detail: `message id ${JSON.stringify(message.id)} is already used at index ${earlier}`,
      });
    }

    if (message.role === 'tool') {
      checkToolMessage(message, index, blockOwner, latestCallById, violations);
      continue;
    }

    blockOwner = -1;
    for (const part of message.content) {
      if (part.type === 'tool-result') {
        violations.push({
          kind: 'invalid-tool-message',
          index,
          toolCallId: part.toolCallId,
          detail: `a tool result for ${JSON.stringify(part.toolCallId)} sits in a ${message.role} message`,
        });
      } else if (part.type === 'tool-call' && message.role !== 'assistant') {
        violations.push({
          kind: 'invalid-tool-message',
          index,
          toolCallId: part.toolCallId,
          detail: `a tool call ${JSON.stringify(part.toolCallId)} sits in a ${message.role} message (only assistant messages call tools)`,
        });
      }
    }
    if (message.role !== 'assistant') continue;
    const idsOfMessage = new Set<string>();
    for (const part of message.content) {
      if (part.type !== 'tool-call') continue;
      blockOwner = index;
      const id = part.toolCallId;
      const latest = latestCallById.get(id);
      if (idsOfMessage.has(id)) {
        violations.push({
          kind: 'duplicate-tool-call-id',
          index,
          toolCallId: id,
          detail: `tool call id ${JSON.stringify(id)} appears twice in this message`,
        });
      } else if (latest !== undefined && !latest.answered) {
        violations.push({
          kind: 'duplicate-tool-call-id',
          index,
          toolCallId: id,
          detail: `tool call id ${JSON.stringify(id)} is reused while the call at index ${latest.index} still waits for its result`,
        });
      } else {
        const record: CallRecord = { id, index, answered: false };
        calls.push(record);
        latestCallById.set(id, record);
      }
      idsOfMessage.add(id);
    }
  }

  const inFlight = analyzeConversation(messages).inFlight;
  for (const call of calls) {
    if (call.answered || call.index === inFlight?.callIndex) continue;
    violations.push({
      kind: 'missing-tool-result',
      index: call.index,
      toolCallId: call.id,
      detail: `no result answers tool call ${JSON.stringify(call.id)}, and its exchange is not in flight`,
    });
  }

  const last = messages[messages.length - 1];
  if (last?.role === 'assistant' && getAcmMarker(last) !== undefined) {
    violations.push({
      kind: 'trailing-synthetic-assistant',
      index: messages.length - 1,
      messageId: last.id,
      detail: `the conversation ends on an assistant message ACM wrote (${getAcmMarker(last)!.kind})`,
    });
  }

  if (previous !== undefined) {
    violations.push(...checkInFlightKept(messages, previous, indexById));
  }
  return violations.sort((left, right) => left.index - right.index);
}

interface CallRecord {
  readonly id: string;
  readonly index: number;
  answered: boolean;
}

/** Checks one tool message's parts and pairs its results with their calls. */
function checkToolMessage(
  message: Message,
  index: number,
  blockOwner: number,
  latestCallById: ReadonlyMap<string, CallRecord>,
  violations: ContractViolation[],
): void {
  let resultCount = 0;
  const otherTypes = new Set<string>();
  for (const part of message.content) {
    if (part.type !== 'tool-result') {
      otherTypes.add(part.type);
      continue;
    }
    resultCount++;
    const id = part.toolCallId;
    const call = latestCallById.get(id);
    if (call === undefined) {
      violations.push({
        kind: 'orphan-tool-result',
        index,
        toolCallId: id,
        detail: `no earlier tool call has id ${JSON.stringify(id)}`,
      });
    } else if (call.answered) {
      violations.push({
        kind: 'duplicate-tool-result',
        index,
        toolCallId: id,
        detail: `the call at index ${call.index} already has a result`,
      });
    } else {
      call.answered = true;
      if (call.index !== blockOwner) {
        violations.push({
          kind: 'non-adjacent-tool-result',
          index,
          toolCallId: id,
          detail: `its call is at index ${call.index}, outside the block of tool messages right after it`,
        });
      }
    }
  }
  if (resultCount === 0 || otherTypes.size > 0) {
    violations.push({
      kind: 'invalid-tool-message',
      index,
      detail:
        resultCount === 0
          ? 'a tool message without tool results'
          : `a tool message with ${[...otherTypes].join(', ')} parts besides its tool results`,
    });
  }
}

function checkInFlightKept(
  messages: readonly Message[],
  previous: readonly Message[],
  indexById: ReadonlyMap<string, number>,
): ContractViolation[] {
  const inFlight = analyzeConversation(previous).inFlight;
  if (inFlight === undefined) return [];
  const expected = previous.slice(inFlight.callIndex, inFlight.end);
  const call = expected[0]!;
  const start = indexById.get(call.id);
  if (start === undefined) {
    return [
      {
        kind: 'in-flight-changed',
        index: -1,
        messageId: call.id,
        detail: `the in-flight call message ${JSON.stringify(call.id)} (previously at index ${inFlight.callIndex}) is gone`,
      },
    ];
  }
  const violations: ContractViolation[] = [];
  for (let offset = 0; offset < expected.length; offset++) {
    const wanted = expected[offset]!;
    const found = messages[start + offset];
    if (found !== undefined && isSameValue(wanted, found)) continue;
    violations.push({
      kind: 'in-flight-changed',
      index: start + offset,
      messageId: wanted.id,
      detail:
        found === undefined
          ? `in-flight message ${JSON.stringify(wanted.id)} is missing after its call`
          : found.id === wanted.id
            ? `in-flight message ${JSON.stringify(wanted.id)} was changed`
            : `expected in-flight message ${JSON.stringify(wanted.id)} here, found ${JSON.stringify(found.id)}`,
    });
  }
  return violations;
}
