import type { Round } from '../../state/conversation/analyze-conversation';
import { getAcmMarker } from '../../vocabulary/message/acm-marker';
import type { AcmMessageKind } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import type { StrategyContext } from './compression-plan';
import type { ConversationUnit } from './conversation-units';
import { FOLD_KINDS } from './flatten-folded-span';

/**
 * Whether ACM wrote the message (a stub or a summary). Such messages are never
 * offloaded or summarized on their own again; they may only be folded into a
 * larger summary whose offload entry then holds them. Messages marked
 * `injected` (framework reminders) are not ACM output and count as content.
 */
export function isAcmArtifact(message: Message): boolean {
  const marker = getAcmMarker(message);
  return marker !== undefined && marker.kind !== 'injected';
}

/** Whether the message at `index` must stay as it is: a system message, a protected message or part of the in-flight exchange. */
export function isFrozen(context: StrategyContext, index: number): boolean {
  const message = context.messages[index];
  if (message === undefined || message.role === 'system') return true;
  const inFlight = context.structure.inFlight;
  if (
    inFlight !== undefined &&
    index >= inFlight.callIndex &&
    index < inFlight.end
  )
    return true;
  return context.isProtected(index);
}

/** Whether any message of `[start, end)` is frozen. */
export function isRangeFrozen(
  context: StrategyContext,
  start: number,
  end: number,
): boolean {
  for (let index = start; index < end; index++) {
    if (isFrozen(context, index)) return true;
  }
  return false;
}

/** Whether any message of the unit is frozen. */
export function isUnitFrozen(
  context: StrategyContext,
  unit: ConversationUnit,
): boolean {
  return isRangeFrozen(context, unit.start, unit.end);
}

/** Index of the last assistant message, or -1. A message before it has been seen by the model (consumed). */
export function findLastAssistantIndex(messages: readonly Message[]): number {
  for (let index = messages.length - 1; index >= 0; index--) {
    if (messages[index]!.role === 'assistant') return index;
  }
  return -1;
}

/** Kinds of ACM output that stand for a round's answer (a summarized or stubbed answer still answers the round). */
const ANSWER_KINDS: ReadonlySet<AcmMessageKind> = new Set<AcmMessageKind>([
  'round-summary',
  'offload-stub',
  'current-round-summary',
  'current-round-compression',
]);

/**
 * Whether a round is closed: it holds a real final answer, or an assistant
 * message without tool calls that ACM derived from one (a round summary, a
 * stubbed or summarized answer). Tool-run summaries and rollups are not answers
 * (reference issue #1483).
 */
export function isClosedRound(
  messages: readonly Message[],
  round: Round,
): boolean {
  if (round.finalAnswerIndex >= 0) return true;
  for (let index = round.start + 1; index < round.end; index++) {
    const message = messages[index]!;
    if (message.role !== 'assistant') continue;
    if (message.content.some((part) => part.type === 'tool-call')) continue;
    const kind = getAcmMarker(message)?.kind;
    if (kind !== undefined && ANSWER_KINDS.has(kind)) return true;
  }
  return false;
}

/** A working summary (a kind of `FOLD_KINDS`: rollup, last-resort or current-round fold) a new rollup absorbs. */
export function isRollupMessage(message: Message): boolean {
  const kind = getAcmMarker(message)?.kind;
  return kind !== undefined && FOLD_KINDS.has(kind);
}
