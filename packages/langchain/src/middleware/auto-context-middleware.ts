import type {
  AutoContextMemoryOptions as CoreMemoryOptions,
  Message,
  SessionLimits,
} from '@acm/core';
import {
  AutoContextMemory as CoreMemory,
  InvalidArgumentError,
  createSessionRegistry,
  syncMessages,
} from '@acm/core';
import { calibrateFromUsage, withReloadInstruction } from '@acm/core/internal';
import type { BaseMessage } from '@langchain/core/messages';
import { RemoveMessage } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { createMiddleware } from 'langchain';
import { fromLangChainMessages } from '../message/from-langchain-messages';
import { toLangChainMessage } from '../message/to-langchain-messages';
import { contextReloadTool } from '../tool/context-reload-tool';
import { measureCompaction, withRunMetadata } from './compaction-run-metadata';
import type { CompactionRunMetadata } from './compaction-run-metadata';

/**
 * LangGraph's "remove every message before this one" id
 * (`REMOVE_ALL_MESSAGES` of `@langchain/langgraph`, which `langchain` does
 * not re-export).
 */
export const REMOVE_ALL_MESSAGES = '__remove_all__';

/** The thread id used with `sharedSession: true`. */
export const SHARED_THREAD_ID = 'shared';

export interface AutoContextMiddlewareOptions
  extends Omit<CoreMemoryOptions, 'sessionId'>, SessionLimits {
  /**
   * The memory of the conversation, for an agent that runs one conversation
   * (you persist it). Without it, the middleware keeps one memory per
   * `configurable.thread_id` (the session id), built from the core options
   * (`config`, `summarizer`, `counter`, `store`, …), bounded by
   * `maxSessions` / `idleTimeoutMs`; with a `store`, evicted threads come
   * back intact.
   * @default undefined (one memory per thread)
   */
  readonly memory?: CoreMemory;
  /**
   * Use one memory for every run without a `thread_id`. Without it (and
   * without `memory`), such a run is an error: two conversations sharing a
   * memory wipe each other's history on every call.
   * @default false
   */
  readonly sharedSession?: boolean;
  /**
   * Fixed tokens assumed before the first model call of a memory has been
   * measured (the first `beforeModel` runs before the request exists).
   * @default 0
   */
  readonly initialFixedTokens?: number;
  /**
   * Register the `context_reload` tool with the agent.
   * @default true
   */
  readonly reloadTool?: boolean;
  /**
   * Append `CONTEXT_RELOAD_INSTRUCTION` to the system prompt of every model
   * request (once; it is a stable suffix, so prompt caches keep hitting).
   * @default reloadTool
   */
  readonly reloadInstruction?: boolean;
  /**
   * The middleware's name in the agent graph.
   * @default 'AutoContextMiddleware'
   */
  readonly name?: string;
}

/** The run config parts the middleware reads. */
interface RuntimeLike {
  readonly configurable?: { readonly thread_id?: unknown };
  readonly signal?: AbortSignal;
}

/**
 * ACM as a LangChain v1 `createAgent` middleware (import it from
 * `@acm/langchain/middleware`; it needs `langchain`). Before every model call
 * (`beforeModel`) it maps the agent state's messages onto the thread's memory
 * (core's `syncMessages`, by message id: only new messages are converted),
 * compresses when a trigger is reached and, when something was compressed,
 * writes the managed view back into the agent state
 * (`RemoveMessage({ id: REMOVE_ALL_MESSAGES })` + the view), so the
 * compaction is checkpointed and later calls start from it. When nothing is
 * compressed, the state is left alone. A state that continues neither the
 * memory's history nor its view (a new conversation without a checkpointer)
 * rebuilds the memory.
 *
 * `wrapModelCall` counts what the request sends besides the messages (system
 * prompt, tool schemas) for the next trigger check, calibrates with the
 * provider's reported input tokens and appends the reload instruction; the
 * `context_reload` tool is registered with the agent.
 *
 * @throws (rejects) InvalidArgumentError (`parameter: 'configurable.thread_id'`)
 * for a run without a thread id, unless `memory` or `sharedSession` is given.
 */
export function autoContextMiddleware({
  memory,
  sharedSession = false,
  initialFixedTokens = 0,
  reloadTool = true,
  reloadInstruction = reloadTool,
  name = 'AutoContextMiddleware',
  maxSessions,
  idleTimeoutMs,
  ...coreOptions
}: AutoContextMiddlewareOptions = {}) {
  const registry =
    memory === undefined
      ? createSessionRegistry({
          createMemory: ({ sessionId }) =>
            new CoreMemory({ ...coreOptions, sessionId }),
          createData: () => undefined,
          store: coreOptions.store,
          maxSessions,
          idleTimeoutMs,
        })
      : undefined;
  /** Calls on the one `memory` run one at a time, like the registry's. */
  let tail: Promise<unknown> = Promise.resolve();
  /** Tokens besides the messages, measured by the last model call of each memory. */
  const fixedTokens = new WeakMap<CoreMemory, number>();
  /** The LangChain message each core message was made from, for exact reuse. */
  const sources = new WeakMap<Message, BaseMessage>();

  const threadOf = (config: RuntimeLike | undefined): string | undefined => {
    const threadId = config?.configurable?.thread_id;
    if (typeof threadId === 'string' && threadId !== '') return threadId;
    return sharedSession ? SHARED_THREAD_ID : undefined;
  };
  const withMemory = <T>(
    runtime: RuntimeLike,
    task: (target: CoreMemory) => Promise<T>,
  ): Promise<T> => {
    if (memory !== undefined) {
      const result = tail.then(() => task(memory));
      tail = result.catch(() => undefined);
      return result;
    }
    const threadId = threadOf(runtime);
    if (threadId === undefined) {
      throw new InvalidArgumentError({
        parameter: 'configurable.thread_id',
        value: runtime.configurable?.thread_id,
        message:
          'autoContextMiddleware keeps one memory per thread: invoke the agent with { configurable: { thread_id } }, or pass memory (one conversation) or sharedSession: true',
      });
    }
    return registry!.run(threadId, ({ memory: target }) => task(target));
  };
  /** The memory a model call or a tool call of this run uses (held since `beforeModel`). */
  const currentMemory = (
    config: RuntimeLike | undefined,
  ): CoreMemory | undefined => {
    if (memory !== undefined) return memory;
    const threadId = threadOf(config);
    return threadId === undefined ? undefined : registry!.getMemory(threadId);
  };

  const runMetadata = new WeakMap<
    CoreMemory,
    CompactionRunMetadata | undefined
  >();
  return createMiddleware({
    name,
    tools: reloadTool
      ? [
          contextReloadTool({
            memory:
              memory ??
              ((config: RunnableConfig) => {
                // No model call has run on this thread: nothing was offloaded.
                return (
                  currentMemory(config as RuntimeLike) ?? {
                    sessionId: threadOf(config as RuntimeLike) ?? '',
                    lookupOffload: () => ({ status: 'not-found' }) as const,
                  }
                );
              }),
          }),
        ]
      : [],
    beforeModel: (state, runtime) =>
      withMemory(runtime as RuntimeLike, async (target) => {
        await syncMessages({
          memory: target,
          messages: state.messages,
          idOf: (message, index) => message.id ?? `lc-${index}`,
          convert: (fresh, { ids }) => {
            const converted = fromLangChainMessages(fresh, {
              previous: target.getMessages(),
              generateId: (index) => ids[index]!,
            });
            converted.forEach((message, index) =>
              sources.set(message, fresh[index]!),
            );
            return converted;
          },
        });
        const signal = (runtime as RuntimeLike).signal;
        const measured = measureCompaction(target);
        const result = await target.compressIfNeeded({
          fixedTokens: fixedTokens.get(target) ?? initialFixedTokens,
          ...(signal === undefined ? {} : { signal }),
        });
        runMetadata.set(target, measured(result));
        if (!result.applied) return undefined;
        return {
          messages: [
            new RemoveMessage({ id: REMOVE_ALL_MESSAGES }),
            ...target
              .getMessages()
              .map(
                (message) =>
                  sources.get(message) ?? toLangChainMessage(message),
              ),
          ],
        };
      }),
    wrapModelCall: async (request, handler) => {
      const target = currentMemory(request.runtime);
      const base = request.systemPrompt ?? '';
      const systemPrompt = reloadInstruction
        ? withReloadInstruction(base)
        : base;
      const next =
        systemPrompt === base ? request : { ...request, systemPrompt };
      if (target === undefined) return handler(next);
      // The compaction before this call, as the model run's metadata.
      const metadata = runMetadata.get(target);
      runMetadata.delete(target);
      const fixed = target.countFixedTokens({
        ...(systemPrompt === '' ? {} : { system: systemPrompt }),
        tools: request.tools.map((tool) => toToolSchema(tool)),
      });
      fixedTokens.set(target, fixed);
      const response = await handler(
        metadata === undefined
          ? next
          : { ...next, model: withRunMetadata(next.model, metadata) },
      );
      // The request's messages are the memory's working messages
      // (`beforeModel` synced them), so the memory counts them (cached).
      calibrateFromUsage({
        memory: target,
        usage: response.usage_metadata,
        estimatedTokens: target.countTokens() + fixed,
      });
      return response;
    },
  });
}

function toToolSchema(tool: unknown): unknown {
  try {
    return convertToOpenAITool(
      tool as Parameters<typeof convertToOpenAITool>[0],
    );
  } catch {
    return tool; // a provider (server) tool: already plain data
  }
}
