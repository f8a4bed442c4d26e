import { InvalidArgumentError } from '@acm/core';
import { createSessionToolHandler } from '@acm/core/internal';
import {
  recordToMemoryToolDefinition,
  retrieveFromMemoryToolDefinition,
} from '@acm/core/long-term';
import type { LongTermMemory, LongTermMemoryMode } from '@acm/core/long-term';
import type { RunnableConfig } from '@langchain/core/runnables';
import { tool } from '@langchain/core/tools';

/**
 * The long-term memory a call uses: a memory, or a function picking it from
 * the run config (e.g. by `configurable.user_id`), `undefined` for a run
 * without one.
 */
export type LongTermMemorySource =
  LongTermMemory | ((config: RunnableConfig) => LongTermMemory | undefined);

/**
 * The mode of `memory`: its own, or `mode` for a getter (which cannot be
 * read before a run).
 *
 * @throws InvalidArgumentError for a getter without `mode`.
 */
export function longTermMemoryMode(
  memory: LongTermMemorySource,
  mode: LongTermMemoryMode | undefined,
): LongTermMemoryMode {
  if (typeof memory !== 'function') return memory.mode;
  if (mode === undefined) {
    throw new InvalidArgumentError({
      parameter: 'mode',
      value: mode,
      message:
        "give the mode ('static', 'agent' or 'both') with a memory getter: the memories it returns must all have it",
    });
  }
  return mode;
}

/**
 * Long-term memory's agent mode (`'agent'` and `'both'`) as LangChain
 * `tool()`s: `record_to_memory` and `retrieve_from_memory` (core's
 * definitions and JSON schemas, answered by `memory.handleToolCall`: never
 * throws, a failing backend gets a one-line answer). `[]` in `'static'`
 * mode. `longTermMemoryMiddleware` registers them by itself.
 *
 * @throws InvalidArgumentError for a getter without `mode`.
 */
export function longTermMemoryTools(
  memory: LongTermMemorySource,
  mode?: LongTermMemoryMode,
) {
  if (longTermMemoryMode(memory, mode) === 'static') return [];
  return [recordToMemoryToolDefinition, retrieveFromMemoryToolDefinition].map(
    (definition) =>
      tool(
        createSessionToolHandler<LongTermMemory, RunnableConfig>({
          memory,
          createHandler: (target) => (input) =>
            target.handleToolCall(definition.name, input),
          noMemoryReply: 'No long-term memory is available for this run.',
        }),
        {
          name: definition.name,
          description: definition.description,
          // A copy: core's definitions are frozen, and LangChain annotates schemas.
          schema: structuredClone(definition.inputSchema),
        },
      ),
  );
}
