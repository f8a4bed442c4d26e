import type {
  AutoContextMemoryOptions as CoreMemoryOptions,
  Message,
} from '@acm/core';
import {
  AutoContextMemory as CoreMemory,
  CONTEXT_RELOAD_INSTRUCTION,
} from '@acm/core';
import type { BaseMessage } from '@langchain/core/messages';
import { RemoveMessage } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { createMiddleware } from 'langchain';
import { fromLangChainMessages } from '../message/from-langchain-messages';
import { toLangChainMessage } from '../message/to-langchain-messages';
import { contextReloadTool } from '../tool/context-reload-tool';

/**
 * LangGraph's "remove every message before this one" id
 * (`REMOVE_ALL_MESSAGES` of `@langchain/langgraph`, which `langchain` does
 * not re-export).
 */
export const REMOVE_ALL_MESSAGES = '__remove_all__';

export interface AutoContextMiddlewareOptions extends CoreMemoryOptions {
  /**
   * The memory of the conversation, for an agent that runs one conversation.
   * Without it, the middleware keeps one memory per `thread_id`
   * (`configurable.thread_id`; the session id), built from the core options
   * (`config`, `summarizer`, `counter`, `store`, …). Everything is counted
   * with the counter of the memory in use (yours, or `counter` for the
   * per-thread memories): the messages, the system prompt and tool schemas
   * (`memory.countFixedTokens`) and the calibration estimate.
   * @default undefined (one memory per thread)
   */
  readonly memory?: CoreMemory;
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
 * ACM as a LangChain v1 `createAgent` middleware. Before every model call
 * (`beforeModel`) it appends the agent state's new messages to the memory,
 * compresses when a trigger is reached, and, when something was compressed,
 * writes the managed view back into the agent state
 * (`RemoveMessage({ id: REMOVE_ALL_MESSAGES })` + the view, every message with
 * a stable id), so the compaction is checkpointed and sticks: later calls
 * start from it instead of compressing again. Summaries and stubs are tagged
 * (`additional_kwargs.acm`, `lc_source: 'acm'`); an AIMessage's `tool_calls`
 * stay with their ToolMessages and the in-flight call is never touched
 * (core's contract). When nothing is compressed, the state is left alone.
 *
 * `wrapModelCall` measures what the request sends besides the messages
 * (system prompt, tool schemas; `memory.countFixedTokens`, so with the
 * memory's own counter) for the next trigger check, feeds the
 * provider's reported input tokens back as calibration, and appends the
 * reload instruction to the system prompt. The `context_reload` tool is
 * registered with the agent.
 *
 * If the state no longer continues the memory's view (a new conversation
 * without a checkpointer, or a state edited by someone else), the memory is
 * cleared and rebuilt from the state.
 */
export function autoContextMiddleware({
  memory,
  initialFixedTokens = 0,
  reloadTool = true,
  reloadInstruction = reloadTool,
  name = 'AutoContextMiddleware',
  ...coreOptions
}: AutoContextMiddlewareOptions = {}) {
  const memories = new Map<
    string,
    { memory: CoreMemory; ready: Promise<void> }
  >();
  const fixedTokens = new WeakMap<CoreMemory, number>();
  /** The LangChain message each core message was made from, for exact reuse. */
  const sources = new WeakMap<Message, BaseMessage>();

  const resolve = async (runtime: RuntimeLike): Promise<CoreMemory> => {
    if (memory !== undefined) return memory;
    const threadId = runtime.configurable?.thread_id;
    const key = typeof threadId === 'string' ? threadId : '';
    let entry = memories.get(key);
    if (entry === undefined) {
      const created = new CoreMemory({
        ...coreOptions,
        ...(key === '' ? {} : { sessionId: key }),
      });
      entry = {
        memory: created,
        ready:
          coreOptions.store === undefined
            ? Promise.resolve()
            : created.load().then(() => undefined),
      };
      memories.set(key, entry);
    }
    await entry.ready;
    return entry.memory;
  };
  const save = async (target: CoreMemory): Promise<void> => {
    if (memory === undefined && coreOptions.store !== undefined) {
      await target.save();
    }
  };

  return createMiddleware({
    name,
    tools: reloadTool
      ? [
          contextReloadTool({
            memory:
              memory ??
              ((config: RunnableConfig) => {
                const threadId: unknown = config.configurable?.thread_id;
                const entry = memories.get(
                  typeof threadId === 'string' ? threadId : '',
                );
                // No model call has run on this thread: nothing was offloaded.
                return (
                  entry?.memory ?? {
                    sessionId: typeof threadId === 'string' ? threadId : '',
                    lookupOffload: () => ({ status: 'not-found' }) as const,
                  }
                );
              }),
          }),
        ]
      : [],
    beforeModel: async (state, runtime) => {
      const target = await resolve(runtime);
      const messages = state.messages;
      const working = target.getMessages();
      const continues =
        working.length <= messages.length &&
        working.every((message, index) => message.id === messages[index]!.id);
      if (!continues) await target.clear();
      const fresh = continues ? messages.slice(working.length) : messages;
      if (fresh.length > 0) {
        const base = target.getOriginalMessages().length;
        const converted = fromLangChainMessages(fresh, {
          previous: target.getMessages(),
          generateId: (index) => `lc-${base + index}`,
        });
        converted.forEach((message, index) =>
          sources.set(message, fresh[index]!),
        );
        await target.addMessages(converted);
      }
      const result = await target.compressIfNeeded({
        fixedTokens: fixedTokens.get(target) ?? initialFixedTokens,
        ...((runtime as RuntimeLike).signal === undefined
          ? {}
          : { signal: (runtime as RuntimeLike).signal }),
      });
      if (fresh.length > 0 || result.applied) await save(target);
      if (!result.applied) return undefined;
      return {
        messages: [
          new RemoveMessage({ id: REMOVE_ALL_MESSAGES }),
          ...target
            .getMessages()
            .map(
              (message) => sources.get(message) ?? toLangChainMessage(message),
            ),
        ],
      };
    },
    wrapModelCall: async (request, handler) => {
      const target = await resolve(request.runtime);
      const base = request.systemPrompt ?? '';
      const systemPrompt =
        reloadInstruction && !base.includes(CONTEXT_RELOAD_INSTRUCTION)
          ? base === ''
            ? CONTEXT_RELOAD_INSTRUCTION
            : `${base}\n\n${CONTEXT_RELOAD_INSTRUCTION}`
          : base;
      const fixed = target.countFixedTokens({
        ...(systemPrompt === '' ? {} : { system: systemPrompt }),
        tools: request.tools.map((tool) => toToolSchema(tool)),
      });
      fixedTokens.set(target, fixed);
      const response = await handler(
        systemPrompt === base ? request : { ...request, systemPrompt },
      );
      const inputTokens = response.usage_metadata?.input_tokens;
      if (typeof inputTokens === 'number') {
        // The request's messages are the memory's working messages
        // (`beforeModel` synced them), so the memory counts them (cached).
        target.setCalibration(inputTokens, target.countTokens() + fixed);
      }
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
