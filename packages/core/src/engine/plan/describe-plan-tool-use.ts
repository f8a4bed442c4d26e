import type { Message } from '../../vocabulary/message/message';
import { PLAN_TOOL_NAMES } from './plan-tool-names';

/**
 * A one-line mention of the plan tools a span called, for tool-run summaries whose
 * payload had them filtered out, e.g.
 * `Plan tools used: create_plan ×1, update_subtask_state ×3.` Tools are listed in
 * the order of their first call; `undefined` when no plan tool was called.
 */
export function describePlanToolUse(
  messages: readonly Message[],
  planToolNames: readonly string[] = PLAN_TOOL_NAMES,
): string | undefined {
  const names = new Set(planToolNames);
  const counts = new Map<string, number>();
  for (const message of messages) {
    for (const part of message.content) {
      if (part.type === 'tool-call' && names.has(part.toolName))
        counts.set(part.toolName, (counts.get(part.toolName) ?? 0) + 1);
    }
  }
  if (counts.size === 0) return undefined;
  const uses = [...counts].map(([name, count]) => `${name} ×${count}`);
  return `Plan tools used: ${uses.join(', ')}.`;
}
