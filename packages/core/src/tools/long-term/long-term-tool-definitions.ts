import { deepFreezeToolDefinition } from './tool-definition';
import type { ToolDefinition } from './tool-definition';

/** The seed's tool for the agent to write long-term memories. */
export const RECORD_TO_MEMORY_TOOL_NAME = 'record_to_memory';
/** The seed's tool for the agent to read long-term memories. */
export const RETRIEVE_FROM_MEMORY_TOOL_NAME = 'retrieve_from_memory';

/** Most strings in one `record_to_memory` call. */
export const MAX_RECORD_TO_MEMORY_ITEMS = 20;
/** Most keywords in one `retrieve_from_memory` call. */
export const MAX_RETRIEVE_KEYWORDS = 20;

/** The arguments of `record_to_memory`, as in the seed. */
export interface RecordToMemoryInput {
  /** Why these facts are worth keeping (stored as metadata, not searched). */
  readonly thinking: string;
  /** The facts to remember, one self-contained statement each. */
  readonly content: readonly string[];
}

/** The arguments of `retrieve_from_memory`, as in the seed. */
export interface RetrieveFromMemoryInput {
  readonly keywords: readonly string[];
}

/** `record_to_memory(thinking, content[])`, deeply frozen. */
export const recordToMemoryToolDefinition: ToolDefinition<
  typeof RECORD_TO_MEMORY_TOOL_NAME
> = deepFreezeToolDefinition({
  name: RECORD_TO_MEMORY_TOOL_NAME,
  description:
    'Record important information to long-term memory so it is available in later conversations with this user ' +
    '(preferences, facts about the user, decisions, ids and outcomes worth keeping). ' +
    'Write each fact as one short, self-contained statement.',
  inputSchema: {
    type: 'object',
    properties: {
      thinking: {
        type: 'string',
        description: 'Why this information is worth remembering.',
      },
      content: {
        type: 'array',
        items: { type: 'string' },
        minItems: 1,
        maxItems: MAX_RECORD_TO_MEMORY_ITEMS,
        description:
          'The facts to remember, one self-contained statement each (e.g. "The user prefers aisle seats").',
      },
    },
    required: ['thinking', 'content'],
    additionalProperties: false,
  },
} as const);

/** `retrieve_from_memory(keywords[])`, deeply frozen. */
export const retrieveFromMemoryToolDefinition: ToolDefinition<
  typeof RETRIEVE_FROM_MEMORY_TOOL_NAME
> = deepFreezeToolDefinition({
  name: RETRIEVE_FROM_MEMORY_TOOL_NAME,
  description:
    'Retrieve information recorded in long-term memory in earlier conversations with this user: ' +
    'pass keywords (names, ids, topics) and get the matching memories back.',
  inputSchema: {
    type: 'object',
    properties: {
      keywords: {
        type: 'array',
        items: { type: 'string' },
        minItems: 1,
        maxItems: MAX_RETRIEVE_KEYWORDS,
        description: 'Keywords to search for, e.g. ["Boston", "reservation"].',
      },
    },
    required: ['keywords'],
    additionalProperties: false,
  },
} as const);
