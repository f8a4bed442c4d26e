import type {
  ContextReloadFunction,
  ContextReloadInput,
  ContextReloadMemory,
} from '@acm/core';
import {
  InvalidArgumentError,
  contextReloadToolDefinition,
  createContextReloadHandler,
} from '@acm/core';
import { createSessionReloadHandler } from '@acm/core/adapter';
import type { JSONSchema7, Tool } from 'ai';
import { jsonSchema, tool } from 'ai';
import type { AiSdkSessions } from './auto-context-middleware';

export interface ContextReloadToolOptions {
  /**
   * The sessions of an `autoContextMiddleware` or `autoContextPrepareStep`
   * (pass the middleware itself), with the `sessionId` to read: each call
   * reads the session held, or loads it from the middleware's `store` when
   * it was evicted or the process restarted. Give this, `memory` or
   * `reload`.
   */
  readonly sessions?: Pick<AiSdkSessions, 'reload'>;
  /**
   * The memory whose offloads the tool reads, or a function returning it at
   * call time. A function such as `() => acm.getMemory('chat-42')` only sees
   * sessions held in memory: prefer `sessions`. Give this, `sessions` or
   * `reload`.
   */
  readonly memory?:
    ContextReloadMemory | (() => ContextReloadMemory | undefined);
  /** A lookup function, when there is no memory at hand. Give this, `sessions` or `memory`. */
  readonly reload?: ContextReloadFunction;
  /**
   * With `sessions`: the session the tool reads. With `memory` or `reload`:
   * the session the tool serves (ids of other sessions are refused).
   * @default with `sessions`, the middleware's own fixed `sessionId` (or its
   * shared session); with `memory`, memory.sessionId; with `reload`, no
   * session check
   */
  readonly sessionId?: string;
  /**
   * Longest reply in characters; longer content is paged.
   * @default 20000
   */
  readonly maxChars?: number;
  /**
   * The tool's description.
   * @default contextReloadToolDefinition.description
   */
  readonly description?: string;
}

/**
 * The `context_reload` tool for `generateText` / `streamText` / agents, built
 * with the AI SDK's `tool()`: the model passes the id of a compressed
 * message's marker (`working_context_offload_uuid`, optional `offset`) and
 * gets the original messages back as text (core's
 * `createContextReloadHandler`: paged, never throws). Register it under
 * `CONTEXT_RELOAD_TOOL_NAME` and add `CONTEXT_RELOAD_INSTRUCTION` to the
 * system prompt once.
 *
 * @example
 * tools: { [CONTEXT_RELOAD_TOOL_NAME]: contextReloadTool({ sessions: acm, sessionId: 'chat-42' }) }
 * @throws InvalidArgumentError for `sessions` with `memory` or `reload`, or
 * an invalid `maxChars`.
 */
export function contextReloadTool({
  sessions,
  memory,
  reload,
  sessionId,
  maxChars,
  description = contextReloadToolDefinition.description,
}: ContextReloadToolOptions): Tool<ContextReloadInput, string> {
  let execute: (input: ContextReloadInput) => Promise<string>;
  if (sessions !== undefined) {
    if (memory !== undefined || reload !== undefined) {
      throw new InvalidArgumentError({
        parameter: 'sessions',
        value: sessions,
        message: 'pass one of sessions, memory and reload',
      });
    }
    // Validates maxChars now, not at the model's first call.
    createContextReloadHandler({ reload: () => undefined, maxChars });
    execute = (input) => sessions.reload(sessionId, input, { maxChars });
  } else if (typeof memory === 'function') {
    const handler = createSessionReloadHandler({
      getMemory: memory,
      sessionId,
      maxChars,
    });
    execute = (input) => handler(input, undefined);
  } else {
    execute = createContextReloadHandler({
      memory,
      reload,
      sessionId,
      maxChars,
    });
  }
  return tool({
    description,
    inputSchema: jsonSchema<ContextReloadInput>(
      contextReloadToolDefinition.inputSchema as unknown as JSONSchema7,
    ),
    execute: (input: ContextReloadInput) => execute(input),
  });
}
