/**
 * Who drives long-term memory (the seed's `LongTermMemoryMode`):
 * - `'static'` (STATIC_CONTROL): the framework retrieves before reasoning and
 *   records after the reply; no tools;
 * - `'agent'` (AGENT_CONTROL): the agent calls `record_to_memory` and
 *   `retrieve_from_memory`; the framework does neither;
 * - `'both'`: both.
 */
export type LongTermMemoryMode = 'static' | 'agent' | 'both';

/** Every {@link LongTermMemoryMode}, in the order the docs list them (for validating options). */
export const LONG_TERM_MEMORY_MODES: readonly LongTermMemoryMode[] = [
  'static',
  'agent',
  'both',
];
