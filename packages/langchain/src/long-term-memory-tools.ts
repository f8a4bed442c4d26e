import type { LongTermMemorySourceOf } from '@acm/core';
import { createLongTermTools } from '@acm/core/adapter';
import type { LongTermMemoryMode } from '@acm/core/long-term';
import type { RunnableConfig } from '@langchain/core/runnables';
import { tool } from '@langchain/core/tools';

/** A long-term memory, or a function picking it from the run config (e.g. by `configurable.user_id`). */
export type LongTermMemorySource = LongTermMemorySourceOf<RunnableConfig>;

/**
 * Long-term memory's agent mode as LangChain `tool()`s: `record_to_memory`
 * and `retrieve_from_memory` (core's `createLongTermTools`: never throw), `[]`
 * in `'static'` mode. `longTermMemoryMiddleware` registers them by itself.
 * @throws InvalidArgumentError for a getter without `mode`.
 */
export function longTermMemoryTools(
  memory: LongTermMemorySource,
  mode?: LongTermMemoryMode,
) {
  return createLongTermTools(memory, mode).map(
    ({ handler, name, description, inputSchema }) =>
      // A copy: core's definitions are frozen, and LangChain annotates schemas.
      tool(handler, {
        name,
        description,
        schema: structuredClone(inputSchema),
      }),
  );
}
