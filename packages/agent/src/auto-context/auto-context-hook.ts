import {
  InvalidArgumentError,
  contextReloadToolDefinition,
  createContextReloadHandler,
} from '@acm/core';
import {
  CALIBRATION_METADATA_KEY,
  calibrateAndRecord,
  rebaseMessages,
  restoreCalibration,
  withReloadInstruction,
} from '@acm/core/adapter';
import type { AutoContextMemory, CompressionResult } from '@acm/core';
import {
  contextSearchToolDefinition,
  createContextSearchHandler,
} from '@acm/core/long-term';
import type { ReActAgent } from '../react-agent/react-agent';
import type { AgentHook, ReasoningRequest } from '../hook/agent-hook';
import type { JsonSchema } from '../tool/json-schema';

/** Metadata key under which the hook records the calibration figures of an answer (core's `CalibrationRecord`). */
export { CALIBRATION_METADATA_KEY };

export interface AutoContextHookOptions {
  /**
   * The agent's memory (the same object as the agent's `memory`). It also
   * counts: the system prompt and tool schemas (`memory.countFixedTokens`)
   * and the sent request for calibration (`memory.countMessageTokens`), with
   * the counter it was built with.
   */
  readonly memory: AutoContextMemory;
  /**
   * Lower runs first (the reference's hook has priority 0). Hooks that run
   * before it may inject messages: they are kept.
   * @default 0
   */
  readonly priority?: number;
  /**
   * Longest `context_reload` reply, in characters (paged beyond).
   * @default 20000
   */
  readonly reloadMaxChars?: number;
  /**
   * Called with the result of every compression it runs (applied or not).
   * @default undefined
   */
  readonly onCompression?: (result: CompressionResult) => void;
}

/**
 * Wires `@acm/core`'s `AutoContextMemory` into the agent (the reference's
 * `AutoContextHook`, with its bugs fixed):
 *
 * - `preCall`, the first time for each agent: registers the `context_reload`
 *   and `context_search` tools (core's definitions and handlers) and attaches
 *   the agent's plan notebook to the memory. Every call: restores the calibration recorded on
 *   the last answer (so a loaded session compresses as before).
 * - `preReasoning`, before every model call: compresses the memory
 *   (`compressIfNeeded` with the system prompt's and tool schemas' tokens)
 *   and brings the `context_search` index up to date with it (the messages
 *   added since, or all again after the memory was cleared or loaded);
 *   core never touches the in-flight exchange. It then hands the managed view
 *   to the model by transforming the message list it received: messages
 *   other hooks injected are kept (see `rebaseMessages`), where the
 *   reference rebuilt the list from memory and dropped them. It adds
 *   `CONTEXT_RELOAD_INSTRUCTION` to the system prompt once.
 * - `postReasoning`: calibrates the memory with the provider's input tokens
 *   against the memory's count of the request, and records both on the answer
 *   (`metadata.acmCalibration`).
 */
export function autoContextHook({
  memory,
  priority = 0,
  reloadMaxChars = 20_000,
  onCompression,
}: AutoContextHookOptions): AgentHook {
  const reloadHandler = createContextReloadHandler({
    memory,
    maxChars: reloadMaxChars,
  });
  const searchHandler = createContextSearchHandler(memory);
  const preparedAgents = new WeakSet<ReActAgent>();

  const assertSameMemory = (agent: ReActAgent): void => {
    if (agent.memory !== memory) {
      throw new InvalidArgumentError({
        parameter: 'memory',
        value: memory.sessionId,
        message: `autoContextHook must get the agent's own memory (agent ${JSON.stringify(agent.name)} holds session ${JSON.stringify(agent.memory.sessionId)})`,
      });
    }
  };

  const countFixed = (request: ReasoningRequest): number =>
    memory.countFixedTokens({
      system: request.systemPrompt === '' ? undefined : request.systemPrompt,
      tools: request.tools,
    });

  return {
    name: 'autoContextHook',
    priority,
    preCall({ agent }) {
      assertSameMemory(agent);
      if (!preparedAgents.has(agent)) {
        if (!agent.hasTool(contextReloadToolDefinition.name)) {
          agent.registerTool({
            ...contextReloadToolDefinition,
            execute: (input) => reloadHandler(input),
          });
        }
        if (!agent.hasTool(contextSearchToolDefinition.name)) {
          agent.registerTool({
            ...contextSearchToolDefinition,
            inputSchema: contextSearchToolDefinition.inputSchema as JsonSchema,
            execute: (input) => searchHandler(input),
          });
        }
        memory.attachPlanNotebook(agent.planNotebook);
        preparedAgents.add(agent);
      }
      restoreCalibration(memory);
    },
    async preReasoning({ agent, request, signal }) {
      assertSameMemory(agent);
      const systemPrompt = withReloadInstruction(request.systemPrompt);
      const fixedTokens = countFixed({ ...request, systemPrompt });
      const before = memory.getMessages();
      const result = await memory.compressIfNeeded({ signal, fixedTokens });
      onCompression?.(result);
      // The search index follows the memory as it grows (O(new messages)):
      // the model's first context_search never indexes a long history at once.
      searchHandler.sync();
      const messages = rebaseMessages({
        incoming: request.messages,
        before,
        after: memory.getMessages(),
      });
      return { messages, systemPrompt };
    },
    postReasoning({ request, response }) {
      const estimatedTokens =
        memory.countMessageTokens(request.messages) + countFixed(request);
      const message = calibrateAndRecord({
        memory,
        usage: response.usage,
        estimatedTokens,
        message: response.message,
      });
      return message === undefined
        ? undefined
        : { response: { ...response, message } };
    },
  };
}
