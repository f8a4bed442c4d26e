import type { LongTermMemory } from '@acm/core/long-term';
import type { JSONSchema7, Tool } from 'ai';
import { jsonSchema, tool } from 'ai';

/**
 * Long-term memory's agent mode (`'agent'` and `'both'`) as AI SDK tools:
 * `record_to_memory` and `retrieve_from_memory` (core's definitions, answered
 * by `memory.handleToolCall`: never throws, a failing backend gets a one-line
 * answer). `{}` in `'static'` mode. Spread them into `tools`.
 *
 * @example
 * tools: { ...longTermMemoryTools(memory), [CONTEXT_RELOAD_TOOL_NAME]: contextReloadTool({ memory: acmMemory }) }
 */
export function longTermMemoryTools(
  memory: LongTermMemory,
): Record<string, Tool<unknown, string>> {
  return Object.fromEntries(
    memory.tools.map((definition) => [
      definition.name,
      tool({
        description: definition.description,
        inputSchema: jsonSchema<unknown>(
          definition.inputSchema as unknown as JSONSchema7,
        ),
        execute: (input: unknown): Promise<string> =>
          memory.handleToolCall(definition.name, input),
      }),
    ]),
  );
}
