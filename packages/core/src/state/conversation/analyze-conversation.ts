import {
  getAcmMarker,
  isSyntheticMessage,
} from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';

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
  /**
   * Index of the task: the first real user message of the run (not synthetic,
   * not a harness reply), or -1.
   */
  readonly taskIndex: number;
  /**
   * Index of the latest user request: the user message that opens the current
   * round (harness replies never do), or -1.
   */
  readonly latestRequestIndex: number;
}

/**
 * Whether `message` is a user turn: a user message written by the user, not
 * injected or synthetic, or ACM's summary of one (`request-summary`), which
 * stands in for the user's words.
 */
export function isUserTurn(message: Message): boolean {
  return (
    message.role === 'user' &&
    (!isSyntheticMessage(message) ||
      getAcmMarker(message)?.kind === 'request-summary')
  );
}

/**
 * Whether `message` may be a final answer on its own: a real assistant message
 * that calls no tools. Whether it *is* one depends on what follows it
 * (`isFinalAnswerAt`): a progress note or an action the harness rejected is
 * not.
 */
export function isFinalAnswer(message: Message): boolean {
  return (
    message.role === 'assistant' &&
    !isSyntheticMessage(message) &&
    !message.content.some((part) => part.type === 'tool-call')
  );
}

/** The user turns and final answers of `messages`, in order (tool traffic and ACM's messages left out). */
export function selectInteractionMessages(
  messages: readonly Message[],
): Message[] {
  return messages.filter(
    (message) => isUserTurn(message) || isFinalAnswer(message),
  );
}

const FENCED_CODE_BLOCK = /^\s*```/m;

/**
 * Whether an assistant message that calls no tools wrote an action as text: a
 * fenced code block. Text-based harnesses (mini-swe-agent, SWE-agent) parse
 * such blocks themselves and answer with a user message (the command's output,
 * or a format error such as "provide EXACTLY ONE action"): that answer is the
 * harness talking, not a new request.
 */
function isTextAction(message: Message): boolean {
  return message.content.some(
    (part) => part.type === 'text' && FENCED_CODE_BLOCK.test(part.text),
  );
}

/**
 * Whether the user message at `index` is a harness reply rather than a new
 * request (docs/decisions/2026-11-25-what-ends-the-current-work.md): it is
 * marked `injected`, or the assistant message right before it calls no tools
 * and wrote an action as text (a fenced code block). A harness reply never
 * opens a round and never makes the message before it a final answer.
 */
export function isHarnessReply(
  messages: readonly Message[],
  index: number,
): boolean {
  const message = messages[index];
  if (message === undefined || message.role !== 'user') return false;
  if (getAcmMarker(message)?.kind === 'injected') return true;
  const previous = messages[index - 1];
  return (
    previous !== undefined && isFinalAnswer(previous) && isTextAction(previous)
  );
}

/** Whether the message at `index` opens a round: a real user message that is not a harness reply. */
export function opensRound(
  messages: readonly Message[],
  index: number,
): boolean {
  const message = messages[index];
  return (
    message !== undefined &&
    isUserTurn(message) &&
    !isHarnessReply(messages, index)
  );
}

/**
 * Whether the message at `index` ends the current work (a final answer): a
 * real assistant message without tool calls that is followed by a message
 * opening a new round, or that is the last message and wrote no action as
 * text. A progress note followed by more assistant or tool traffic, and an
 * action the harness answers (a format error), are not final answers.
 */
export function isFinalAnswerAt(
  messages: readonly Message[],
  index: number,
): boolean {
  const message = messages[index];
  if (message === undefined || !isFinalAnswer(message)) return false;
  let next = index + 1;
  // Messages ACM wrote (stubs, summaries, folds) are skipped; injected ones are harness replies.
  while (
    next < messages.length &&
    isSyntheticMessage(messages[next]!) &&
    getAcmMarker(messages[next]!)?.kind !== 'injected'
  )
    next++;
  if (next >= messages.length) return !isTextAction(message);
  return opensRound(messages, next);
}

/**
 * Finds rounds, tool exchanges, the in-flight exchange and the latest final answer
 * in one pass over `messages`. Pure and O(n).
 */
export function analyzeConversation(
  messages: readonly Message[],
): ConversationStructure {
  const rounds: Round[] = [];
  const exchanges: Exchange[] = [];
  let latestFinalAnswerIndex = -1;
  let lastAssistantIndex = -1;
  let roundStart = -1;
  let roundFinal = -1;
  let taskIndex = -1;

  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    if (opensRound(messages, index)) {
      if (roundStart >= 0)
        rounds.push({
          start: roundStart,
          end: index,
          finalAnswerIndex: roundFinal,
        });
      roundStart = index;
      roundFinal = -1;
      if (taskIndex < 0) taskIndex = index;
    }
    if (message.role === 'assistant') lastAssistantIndex = index;
    if (isFinalAnswerAt(messages, index)) {
      latestFinalAnswerIndex = index;
      if (roundStart >= 0) roundFinal = index;
    }
  }
  if (roundStart >= 0) {
    rounds.push({
      start: roundStart,
      end: messages.length,
      finalAnswerIndex: roundFinal,
    });
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
    taskIndex,
    latestRequestIndex:
      rounds.length > 0 ? rounds[rounds.length - 1]!.start : -1,
  };
}
