import type { Message } from '../../vocabulary/message/message';

/** What is wrong with a message's tool pairing. */
export type ToolPairingProblemKind =
  /** A tool result whose id no earlier tool call has. */
  | 'orphan-tool-result'
  /** A second result for a call that already has one. */
  | 'duplicate-tool-result'
  /** A result outside the block of tool messages right after its call. */
  | 'non-adjacent-tool-result'
  /** An assistant message arrives while an earlier call still has no result. */
  | 'missing-tool-result'
  /**
   * A tool message without tool results or with other parts, a tool result
   * outside a tool message, or a tool call outside an assistant message.
   */
  | 'invalid-tool-message'
  /** One assistant message uses a tool call id twice. */
  | 'duplicate-tool-call-id';

/** One repair `repairToolPairing` made. */
export interface ToolPairingRepair {
  readonly kind: ToolPairingProblemKind;
  /** Index of the message within the batch as given. */
  readonly index: number;
  readonly messageId: string;
  readonly toolCallId?: string;
  /** What was done: the part or the whole message was dropped. */
  readonly action: 'dropped-part' | 'dropped-message';
}

/**
 * How to treat a batch whose tool pairing is broken.
 * - `'reject'`: throw an `InvalidMessageError` naming the message and the call id.
 * - `'drop'`: drop what cannot be paired (see `repairToolPairing`).
 */
export type ToolPairingMode = 'reject' | 'drop';

export interface OpenExchange {
  /** Index of the call message (in the batch), or -1 when it is already stored. */
  readonly batchIndex: number;
  /** Call ids of the exchange, in order. */
  readonly callIds: readonly string[];
  readonly answered: Set<string>;
  /** Whether only tool messages have followed the call so far. */
  blockOpen: boolean;
}

/** The last exchange of valid working messages, if it may still get results. */
export function openExchangeOf(
  existing: readonly Message[],
): OpenExchange | undefined {
  let index = existing.length - 1;
  let onlyTools = true;
  const answered = new Set<string>();
  const blockResults: string[] = [];
  while (index >= 0 && existing[index]!.role !== 'assistant') {
    const message = existing[index]!;
    if (message.role === 'tool') {
      for (const part of message.content) {
        if (part.type === 'tool-result') blockResults.push(part.toolCallId);
      }
    } else {
      onlyTools = false;
      blockResults.length = 0;
    }
    index--;
  }
  if (index < 0) return undefined;
  const callIds = existing[index]!.content.flatMap((part) =>
    part.type === 'tool-call' ? [part.toolCallId] : [],
  );
  if (callIds.length === 0) return undefined;
  // Results of the block right after the call (before any non-tool message).
  let next = index + 1;
  while (next < existing.length && existing[next]!.role === 'tool') {
    for (const part of existing[next]!.content) {
      if (part.type === 'tool-result') answered.add(part.toolCallId);
    }
    next++;
  }
  return { batchIndex: -1, callIds, answered, blockOpen: onlyTools };
}

/** Names what is wrong with a result that the open block cannot take. */
export function classifyBrokenResult(
  id: string,
  open: OpenExchange | undefined,
  existing: readonly Message[],
  batchBefore: readonly (Message | null)[],
): ToolPairingProblemKind {
  if (open?.callIds.includes(id) === true) {
    return open.answered.has(id)
      ? 'duplicate-tool-result'
      : 'non-adjacent-tool-result';
  }
  const hasCall = (message: Message | null) =>
    message !== null &&
    message.role === 'assistant' &&
    message.content.some(
      (part) => part.type === 'tool-call' && part.toolCallId === id,
    );
  // Any earlier call with this id is closed (answered, or its results were
  // dropped): a result now answers it twice or far from it.
  if (batchBefore.some(hasCall) || existing.some(hasCall)) {
    return 'duplicate-tool-result';
  }
  return 'orphan-tool-result';
}

/** The sentence that says what is wrong with a broken result. */
export function describeBrokenResult(
  kind: ToolPairingProblemKind,
  id: string,
): string {
  switch (kind) {
    case 'orphan-tool-result':
      return `no earlier tool call has id ${JSON.stringify(id)}`;
    case 'duplicate-tool-result':
      return `tool call ${JSON.stringify(id)} already has its result`;
    case 'non-adjacent-tool-result':
      return `the result of tool call ${JSON.stringify(id)} is not in the block of tool messages right after the call`;
    case 'missing-tool-result':
    case 'invalid-tool-message':
    case 'duplicate-tool-call-id':
      return `tool result ${JSON.stringify(id)} cannot be paired`;
  }
}
