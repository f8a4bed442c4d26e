import type { Message } from '@acm/core';
import type { LongTermMemory } from '@acm/core/long-term';
import { createLongTermMessageTurns } from '@acm/core/adapter';
import type { AgentHook } from '../hook/agent-hook';
import type { JsonSchema } from '../tool/json-schema';

/** What failed, for `onError`: the retrieval before a model call, or the recording after a run. */
export interface LongTermMemoryHookErrorContext {
  readonly operation: 'retrieve' | 'record';
}

export interface LongTermMemoryHookOptions {
  /** The long-term memory of the agent's owner (`createLongTermMemory`). */
  readonly memory: LongTermMemory;
  /**
   * Lower runs first. After `autoContextHook` (0) by default, so the block
   * goes into the request ACM already managed, never into the conversation.
   * @default 100
   */
  readonly priority?: number;
  /**
   * Receives a failed recording (after the run: never thrown into it) and,
   * when given, a failed retrieval (the model call then goes on without
   * memories). Without it, a failed retrieval fails the run and a failed
   * recording is dropped.
   * @default undefined
   */
  readonly onError?: (
    error: unknown,
    context: LongTermMemoryHookErrorContext,
  ) => void;
}

/** The hook plus `flush`. */
export interface LongTermMemoryHook extends AgentHook {
  /** Resolves when every recording started so far has settled (never rejects). */
  flush(): Promise<void>;
}

/**
 * Long-term memory for `createReActAgent`, in the memory's mode:
 *
 * - `'agent'` and `'both'`: `preCall` registers `record_to_memory` and
 *   `retrieve_from_memory` (core's definitions, answered by
 *   `memory.handleToolCall`).
 * - `'static'` and `'both'`: `preReasoning` retrieves the memories relevant
 *   to the latest user message (once per message: later steps reuse it) and
 *   sends `<long_term_memory>…</long_term_memory>` as the first text part of
 *   that message, in the request only (not stored): the system prompt and
 *   earlier messages stay identical, so prompt caches keep hitting. `postCall`
 *   records the run's messages from that user message on (core records each
 *   message once, by id, in the backend, across restarts and instances)
 *   without awaiting it: the run's result is never delayed,
 *   and a failure goes to `onError`.
 */
export function longTermMemoryHook({
  memory,
  priority = 100,
  onError,
}: LongTermMemoryHookOptions): LongTermMemoryHook {
  const turns = createLongTermMessageTurns<Message>({
    memory,
    isUser: (message) => message.role === 'user',
    toCore: (messages) => messages,
    withContent: (user, content) => ({
      ...user,
      content: content as Message['content'],
    }),
    onError,
  });

  return {
    name: 'longTermMemoryHook',
    priority,
    preCall({ agent }) {
      for (const definition of memory.tools) {
        if (agent.hasTool(definition.name)) continue;
        agent.registerTool({
          name: definition.name,
          description: definition.description,
          inputSchema: definition.inputSchema as JsonSchema,
          execute: (input) => memory.handleToolCall(definition.name, input),
        });
      }
    },
    async preReasoning({ request }) {
      const messages = await turns.inject(request.messages);
      return messages === request.messages ? undefined : { messages };
    },
    postCall({ agent }) {
      turns.record(agent.memory.getOriginalMessages());
    },
    flush: () => turns.flush(),
  };
}
