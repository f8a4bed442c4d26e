import { isSyntheticMessage } from '../message/acm-marker';
import type { Message } from '../message/message';

/**
 * One assistant message that calls tools plus the tool messages right after it
 * that answer its call ids (DESIGN §3.2).
 */
export interface Exchange {
  /** Index of the assistant message carrying the tool calls. */
  readonly callIndex: number;
  /** Indices of the contiguous tool messages right after the call. */
  readonly resultIndices: readonly number[];
  /** End of the exchange, exclusive: `callIndex + 1 + resultIndices.length`. */
  readonly end: number;
  readonly toolCallIds: readonly string[];
  readonly toolNames: readonly string[];
  /** Call ids that no result answers yet. */
  readonly pendingCallIds: readonly string[];
  /** A later assistant message exists: the model has seen the results. */
  readonly consumed: boolean;
}

/** A user turn and everything up to the next one. */
export interface Round {
  /** Index of the user message that opens the round. */
  readonly start: number;
  /** Exclusive end: the next round's start or the conversation's length. */
  readonly end: number;
  /** Index of the last final answer inside the round, or -1. */
  readonly finalAnswerIndex: number;
}

export interface ConversationStructure {
  /** Rounds in order. Messages before the first user turn (system prompt) belong to none. */
  readonly rounds: readonly Round[];
  readonly exchanges: readonly Exchange[];
  /** The latest unconsumed exchange: never touched by compression. */
  readonly inFlight: Exchange | undefined;
  /** Index of the latest final answer, or -1. */
  readonly latestFinalAnswerIndex: number;
  /** Start of the current (last) round; 0 when there is no user turn, so everything counts as current. */
  readonly currentRoundStart: number;
}

/** Whether `message` opens a round: a user message written by the user, not injected or synthetic. */
export function isUserTurn(message: Message): boolean {
  return message.role === 'user' && !isSyntheticMessage(message);
}

/** Whether `message` is a final answer: a real assistant message that calls no tools. */
export function isFinalAnswer(message: Message): boolean {
  return (
    message.role === 'assistant' &&
    !isSyntheticMessage(message) &&
    !message.content.some((part) => part.type === 'tool-call')
  );
}

/**
 * Finds rounds, tool exchanges, the in-flight exchange and the latest final answer
 * in one pass over `messages`. Pure and O(n).
 */
export function analyzeConversation(messages: readonly Message[]): ConversationStructure {
  const rounds: Round[] = [];
  const exchanges: Exchange[] = [];
  let latestFinalAnswerIndex = -1;
  let lastAssistantIndex = -1;
  let roundStart = -1;
  let roundFinal = -1;

  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    if (isUserTurn(message)) {
      if (roundStart >= 0) rounds.push({ start: roundStart, end: index, finalAnswerIndex: roundFinal });
      roundStart = index;
      roundFinal = -1;
    }
    if (message.role === 'assistant') lastAssistantIndex = index;
    if (isFinalAnswer(message)) {
      latestFinalAnswerIndex = index;
      if (roundStart >= 0) roundFinal = index;
    }
  }
  if (roundStart >= 0) {
    rounds.push({ start: roundStart, end: messages.length, finalAnswerIndex: roundFinal });
  }

  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    if (message.role !== 'assistant') continue;
    const toolCallIds: string[] = [];
    const toolNames: string[] = [];
    for (const part of message.content) {
      if (part.type !== 'tool-call') continue;
      toolCallIds.push(part.toolCallId);
      toolNames.push(part.toolName);
    }
    if (toolCallIds.length === 0) continue;

    const answered = new Set<string>();
    const resultIndices: number[] = [];
    let next = index + 1;
    while (next < messages.length && messages[next]!.role === 'tool') {
      for (const part of messages[next]!.content) {
        if (part.type === 'tool-result') answered.add(part.toolCallId);
      }
      resultIndices.push(next);
      next++;
    }
    exchanges.push({
      callIndex: index,
      resultIndices,
      end: next,
      toolCallIds,
      toolNames,
      pendingCallIds: toolCallIds.filter((id) => !answered.has(id)),
      consumed: lastAssistantIndex > index,
    });
  }

  const last = exchanges[exchanges.length - 1];
  return {
    rounds,
    exchanges,
    inFlight: last !== undefined && !last.consumed ? last : undefined,
    latestFinalAnswerIndex,
    currentRoundStart: rounds.length > 0 ? rounds[rounds.length - 1]!.start : 0,
  };
}
