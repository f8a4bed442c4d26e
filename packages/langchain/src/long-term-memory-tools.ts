import type { LongTermMemorySourceOf } from '@acm/core';
import { createLongTermTools } from '@acm/core/internal';
import type { LongTermMemoryMode } from '@acm/core/long-term';
import type { RunnableConfig } from '@langchain/core/runnables';
import { tool } from '@langchain/core/tools';

/**
 * The long-term memory a call uses: a memory, or a function picking it from
 * the run config (e.g. by `configurable.user_id`), `undefined` for a run
 * without one.
 */
export type LongTermMemorySource = LongTermMemorySourceOf<RunnableConfig>;

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
  return createLongTermTools(memory, mode).map(
    ({ handler, name, description, inputSchema }) =>
      // A copy of the schema: core's definitions are frozen, and LangChain annotates schemas.
      tool(handler, {
        name,
        description,
        schema: structuredClone(inputSchema),
      }),
  );
}
