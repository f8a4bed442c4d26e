import type {
  AutoContextMemory as CoreMemory,
  AutoContextSessionOptions,
  HistoryMismatchEvent,
  HistoryMismatchPolicy,
  HistoryMode,
  SessionManagerOptions,
} from '@acm/core';
import {
  createSessionManager,
  getManagedCallAttributes,
  withReloadInstruction,
} from '@acm/core/adapter';
import type { BaseMessage } from '@langchain/core/messages';
import { RemoveMessage } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { createMiddleware } from 'langchain';
import { fromLangChainMessages } from '@acm/core/formats';
import { toLangChainMessage } from '../to-langchain-messages';
import { contextReloadTool } from '../context-reload-tool';
import { contextSearchTool } from '../context-search-tool';

export { SHARED_SESSION_ID } from '@acm/core/adapter';

/** LangGraph's "remove every message before this one" id (`@langchain/langgraph`'s, not re-exported by `langchain`). */
export const REMOVE_ALL_MESSAGES = '__remove_all__';

/**
 * How each thread's memory is made and kept (core's
 * `AutoContextSessionOptions`; `memory` for an agent that runs one
 * conversation), how the agent state is read against it (`history`,
 * `onMismatch`), and the agent wiring.
 */
export interface AutoContextMiddlewareOptions
  extends
    AutoContextSessionOptions,
    Pick<SessionManagerOptions<BaseMessage>, 'memory' | 'initialFixedTokens'> {
  /**
   * `'append'`: ACM's memory (with a `store`, the stored thread) is the
   * history, as a checkpointer is for LangGraph: a run's input messages are
   * appended to the thread's memory, the model gets the thread's managed view
   * (written into the agent state), and the run's last answer is recorded
   * when the agent ends (`afterAgent`). Without a checkpointer, a thread
   * therefore keeps its history across runs and restarts; with one, the
   * state continues the memory and nothing is stored twice.
   * `'mirror'`: the agent state is the full history (a checkpointer holds
   * it); a state that does not continue the thread follows `onMismatch`.
   *
   * `'append'` is the default so that `createAgent` with a `store` and no
   * checkpointer keeps each thread (the quick start).
   * @default 'append'
   */
  readonly history?: HistoryMode;
  /**
   * A state that does not continue the thread's memory (a checkpoint from
   * an earlier point, messages edited by other code, only the new message in
   * `'mirror'` mode): `'error'` rejects the run with `HistoryMismatchError`
   * (code `HISTORY_MISMATCH`) and changes nothing; `'fork'` continues in the
   * memory `<thread_id>~fork-<n>` (`n`: the stored messages the state kept),
   * leaving the thread's as it is (the same branch lands in the same fork,
   * also after a restart; the reload and search tools follow it);
   * `'replace'` starts the thread over from the state and archives the
   * messages it drops behind one reload id (`onHistoryMismatch`'s
   * `dropped.archiveId`) until you delete them.
   * @default 'error'
   */
  readonly onMismatch?: HistoryMismatchPolicy;
  /**
   * Receives every mismatch with its outcome (`'error'` before the run
   * rejects, `'fork'` with `forkSessionId`, `'replace'` with `dropped`).
   * @default undefined
   */
  readonly onHistoryMismatch?: (event: HistoryMismatchEvent) => void;
  /**
   * Register the `context_reload` tool with the agent.
   * @default true
   */
  readonly reloadTool?: boolean;
  /**
   * Register the `context_search` tool (over the thread's earlier messages).
   * @default reloadTool
   */
  readonly searchTool?: boolean;
  /**
   * Append `CONTEXT_RELOAD_INSTRUCTION` to every request's system prompt (a
   * stable suffix: prompt caches keep hitting).
   * @default reloadTool
   */
  readonly reloadInstruction?: boolean;
  /**
   * The middleware's name in the agent graph.
   * @default 'AutoContextMiddleware'
   */
  readonly name?: string;
}

/**
 * ACM as a LangChain v1 `createAgent` middleware (it needs `langchain`).
 * `beforeModel` maps the state's messages onto the thread's memory (core's
 * session manager, by message id: only new messages are converted; with
 * `history: 'append'`, the default, a state that holds only the run's new
 * messages is added to the thread's stored history), compresses when a
 * trigger is reached and, when it compressed or the state lacked the stored
 * history, writes the managed view into the state
 * (`RemoveMessage({ id: REMOVE_ALL_MESSAGES })` + the view), so the model
 * sees it and a checkpointer keeps it. `afterAgent` records the run's last
 * answer in the thread's memory (and store). `wrapModelCall` appends the
 * reload instruction, counts the system prompt and tool schemas for the next
 * trigger check, calibrates with the provider's input tokens and puts the
 * compaction's figures on the model run's metadata.
 *
 * @throws (rejects) InvalidArgumentError (`parameter: 'configurable.thread_id'`)
 * for a run without a thread id, unless `memory` or `sharedSession` is given.
 */
export function autoContextMiddleware({
  memory,
  reloadTool = true,
  searchTool = reloadTool,
  reloadInstruction = reloadTool,
  name = 'AutoContextMiddleware',
  history = 'append',
  ...sessionOptions
}: AutoContextMiddlewareOptions = {}) {
  const sessions = createSessionManager<BaseMessage>({
    ...sessionOptions,
    history,
    memory,
    sessionParameter: 'configurable.thread_id',
    missingSessionMessage:
      'autoContextMiddleware keeps one memory per thread: invoke the agent with { configurable: { thread_id } }, or pass memory (one conversation) or sharedSession: true',
    idOf: (message, index) => message.id ?? `lc-${index}`,
    fromFramework: (messages, { ids, memory: target }) =>
      fromLangChainMessages(messages, {
        previous: () => target.getMessages(),
        generateId: (index) => ids[index]!,
      }),
    toFramework: (message) => toLangChainMessage(message),
  });
  /** The memory a model or tool call of this run uses (held since `beforeModel`). */
  const currentMemory = (config: unknown) => {
    const threadId = sessions.resolveSessionId(
      (config as RunnableConfig | undefined)?.configurable?.thread_id,
    );
    return threadId === undefined ? undefined : sessions.getMemory(threadId);
  };
  /** The compaction before each memory's next model call, for that run's metadata. */
  const runMetadata = new WeakMap<CoreMemory, object | undefined>();
  return createMiddleware({
    name,
    // Through the sessions: a thread evicted since its model call (or stored
    // by an earlier process) is loaded from the store for its tool calls.
    tools: [
      ...(reloadTool ? [contextReloadTool({ sessions })] : []),
      ...(searchTool ? [contextSearchTool({ sessions })] : []),
    ],
    beforeModel: async (state, runtime) => {
      const call = await sessions.manage({
        sessionId: (runtime as RunnableConfig).configurable?.thread_id,
        messages: state.messages,
        signal: (runtime as RunnableConfig).signal,
        view: 'if-changed',
      });
      runMetadata.set(call.memory, getManagedCallAttributes(call));
      return call.messages === undefined
        ? undefined
        : {
            messages: [
              new RemoveMessage({ id: REMOVE_ALL_MESSAGES }),
              ...call.messages,
            ],
          };
    },
    afterAgent: async (state, runtime) => {
      // The run's last answer, for the next run (which may not carry it), in
      // the session the run used (a fork's, after a fork).
      await sessions.record({
        sessionId:
          currentMemory(runtime)?.sessionId ??
          (runtime as RunnableConfig).configurable?.thread_id,
        messages: state.messages,
        signal: (runtime as RunnableConfig).signal,
      });
      return undefined;
    },
    wrapModelCall: async (request, handler) => {
      const target = currentMemory(request.runtime);
      const base = request.systemPrompt ?? '';
      const systemPrompt = reloadInstruction
        ? withReloadInstruction(base)
        : base;
      const next =
        systemPrompt === base ? request : { ...request, systemPrompt };
      if (target === undefined) return handler(next);
      const metadata = runMetadata.get(target);
      runMetadata.delete(target);
      // The request's messages are the memory's working messages (`beforeModel` synced them).
      const { calibrate } = sessions.measure(target, {
        system: systemPrompt,
        tools: request.tools.map((tool) => toToolSchema(tool)),
      });
      const model = withRunMetadata(next.model, metadata);
      const response = await handler(
        model === next.model ? next : { ...next, model },
      );
      calibrate(response.usage_metadata);
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

/** `model` with `metadata` on its runs (`withConfig`, which the agent keeps when it binds the tools). */
function withRunMetadata<Model>(
  model: Model,
  metadata: object | undefined,
): Model {
  const { withConfig } = model as { withConfig?: (config: object) => Model };
  return metadata !== undefined && typeof withConfig === 'function'
    ? withConfig.call(model, { metadata })
    : model;
}
