import type { Message, Part } from '../../vocabulary/message/message';
import { PLAN_TOOL_NAMES } from './plan-tool-names';

/**
 * Removes plan-tool calls and their results from a span, pairwise by tool call id:
 * a call goes with every result answering it, and a result goes with its call,
 * whichever of the two names the plan tool. In an assistant message that mixes plan
 * and other calls only the plan calls go; messages left with no content are
 * dropped; untouched messages are returned as they are. Never leaves a call
 * without its result or a result without its call (the reference dropped whole
 * mixed messages).
 */
export function filterPlanToolMessages(
  messages: readonly Message[],
  planToolNames: readonly string[] = PLAN_TOOL_NAMES,
): Message[] {
  const names = new Set(planToolNames);
  const removedIds = new Set<string>();
  for (const message of messages) {
    for (const part of message.content) {
      if (
        (part.type === 'tool-call' || part.type === 'tool-result') &&
        names.has(part.toolName)
      )
        removedIds.add(part.toolCallId);
    }
  }
  if (removedIds.size === 0) return [...messages];

  const isRemoved = (part: Part) =>
    (part.type === 'tool-call' || part.type === 'tool-result') &&
    removedIds.has(part.toolCallId);
  const filtered: Message[] = [];
  for (const message of messages) {
    if (!message.content.some(isRemoved)) {
      filtered.push(message);
      continue;
    }
    const content = message.content.filter((part) => !isRemoved(part));
    if (content.length > 0) filtered.push({ ...message, content });
  }
  return filtered;
}
