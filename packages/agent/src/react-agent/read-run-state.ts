import { isSyntheticMessage, isUserTurn } from '@acm/core/adapter';
import type { Message, ToolCallPart } from '@acm/core';

/** Where a run stands, read from the messages it stored. */
export interface RunState {
  /**
   * The next step: `reasoning` (a model call is due), `acting` (tool calls
   * wait for their results) or `none` (the last run ended with a final
   * answer, or nothing was stored).
   */
  readonly pending: 'none' | 'reasoning' | 'acting';
  /** Reasoning steps taken since the last user turn. */
  readonly iteration: number;
  /** The calls waiting for results (`acting`), in call order. */
  readonly pendingToolCalls: readonly ToolCallPart[];
}

/**
 * Reads the agent's run state from its original messages: the agent stores
 * each step (input, assistant message, all tool results of a step) in one
 * append, so the message log alone says how far a run got. That is why one
 * session record (the memory's state) is all a resume needs.
 */
export function readRunState(messages: readonly Message[]): RunState {
  let iteration = 0;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (isUserTurn(message)) break;
    if (message.role === 'assistant' && !isSyntheticMessage(message)) {
      iteration++;
    }
  }
  const last = messages.at(-1);
  if (last === undefined) {
    return { pending: 'none', iteration, pendingToolCalls: [] };
  }
  if (last.role === 'assistant' || last.role === 'tool') {
    const pendingToolCalls = findPendingToolCalls(messages);
    if (pendingToolCalls.length > 0) {
      return { pending: 'acting', iteration, pendingToolCalls };
    }
    if (last.role === 'assistant') {
      return { pending: 'none', iteration, pendingToolCalls: [] };
    }
  }
  return { pending: 'reasoning', iteration, pendingToolCalls: [] };
}

function findPendingToolCalls(
  messages: readonly Message[],
): readonly ToolCallPart[] {
  const answered = new Set<string>();
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role === 'tool') {
      for (const part of message.content) {
        if (part.type === 'tool-result') answered.add(part.toolCallId);
      }
      continue;
    }
    if (message.role !== 'assistant') return [];
    return message.content.filter(
      (part): part is ToolCallPart =>
        part.type === 'tool-call' && !answered.has(part.toolCallId),
    );
  }
  return [];
}
