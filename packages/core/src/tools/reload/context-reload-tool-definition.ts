import { CONTEXT_RELOAD_TOOL_NAME } from '../../state/offload/context-reload-tool-name';
import { deepFreezeToolDefinition } from '../long-term/tool-definition';

export { CONTEXT_RELOAD_TOOL_NAME };

/** The id parameter's name, wire-compatible with the reference. */
export const CONTEXT_RELOAD_ID_PARAMETER = 'working_context_offload_uuid';

/** The arguments a model passes to `context_reload`. */
export interface ContextReloadInput {
  /** The id from a `<!-- CONTEXT_OFFLOAD: uuid=… -->` marker. */
  readonly working_context_offload_uuid: string;
  /** Character offset of the page to read; 0 or omitted for the first page. */
  readonly offset?: number;
}

/** A tool definition in the shape every framework accepts: name, description, JSON schema. */
export interface ContextReloadToolDefinition {
  readonly name: typeof CONTEXT_RELOAD_TOOL_NAME;
  readonly description: string;
  /** JSON Schema (draft 2020-12 subset every provider accepts) of {@link ContextReloadInput}. */
  readonly inputSchema: {
    readonly type: 'object';
    readonly properties: {
      readonly working_context_offload_uuid: {
        readonly type: 'string';
        readonly description: string;
      };
      readonly offset: {
        readonly type: 'integer';
        readonly minimum: 0;
        readonly description: string;
      };
    };
    readonly required: readonly ['working_context_offload_uuid'];
    readonly additionalProperties: false;
  };
}

/**
 * The `context_reload` tool for adapters to register: the model calls it with
 * the id of a compressed message's marker and gets the original messages back
 * (see `createContextReloadHandler`). Deeply frozen.
 */
export const contextReloadToolDefinition: ContextReloadToolDefinition =
  deepFreezeToolDefinition({
    name: CONTEXT_RELOAD_TOOL_NAME,
    description:
      'Reload the full original content of earlier messages that were compressed or offloaded to save context space. ' +
      'A compressed message carries a marker <!-- CONTEXT_OFFLOAD: uuid=<id> -->; pass that id to get the original messages back (roles, tool calls and results, full text). ' +
      'Long content comes in pages: the reply says which offset to pass for the next page.',
    inputSchema: {
      type: 'object',
      properties: {
        working_context_offload_uuid: {
          type: 'string',
          description:
            'The id shown in a compressed-context marker <!-- CONTEXT_OFFLOAD: uuid=<id> -->, copied exactly.',
        },
        offset: {
          type: 'integer',
          minimum: 0,
          description:
            'Character offset to continue reading long content from, as given at the end of the previous page. Omit for the first page.',
        },
      },
      required: ['working_context_offload_uuid'],
      additionalProperties: false,
    },
  } as const);
