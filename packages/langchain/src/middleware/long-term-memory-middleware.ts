import type { LongTermMessageTurnsOptions } from '@acm/core';
import type { BaseMessage } from '@langchain/core/messages';
import { HumanMessage } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';
import { createMiddleware } from 'langchain';
import { fromLangChainMessages } from '@acm/core/formats';
import { createLongTermMessageTurns } from '@acm/core/adapter';
import { longTermMemoryTools } from '../long-term-memory-tools';

/** Whose long-term memory a run uses (a getter gets the run config), in which mode, and where failures go. */
export interface LongTermMemoryMiddlewareOptions extends Pick<
  LongTermMessageTurnsOptions<BaseMessage, RunnableConfig>,
  'memory' | 'mode' | 'onError'
> {
  /** @default 'LongTermMemoryMiddleware' */
  readonly name?: string;
}

/**
 * Long-term memory as a LangChain v1 `createAgent` middleware, in the
 * memory's mode: `'agent'` and `'both'` register `longTermMemoryTools`;
 * `'static'` and `'both'` send the memories relevant to the latest human
 * message as its first content block, in the request only (the state and the
 * checkpoint keep the message as it was, prompt caches keep hitting), and
 * record the turn after the model answered, in the background (core's
 * `createLongTermMessageTurns`). Put it after `autoContextMiddleware`.
 *
 * @throws InvalidArgumentError for a memory getter without `mode`.
 */
export function longTermMemoryMiddleware({
  memory,
  mode,
  onError,
  name = 'LongTermMemoryMiddleware',
}: LongTermMemoryMiddlewareOptions) {
  const turns = createLongTermMessageTurns<BaseMessage, RunnableConfig>({
    memory,
    mode,
    isUser: (message) => message.getType() === 'human',
    // State messages have ids; the others get their position.
    toCore: (messages, offset) => fromLangChainMessages(messages, { offset }),
    withContent: (human, content) =>
      new HumanMessage({
        content: content as HumanMessage['content'],
        ...(human.id === undefined ? {} : { id: human.id }),
        additional_kwargs: human.additional_kwargs,
        response_metadata: human.response_metadata,
      }),
    onError,
  });
  const middleware = createMiddleware({
    name,
    tools: longTermMemoryTools(memory, mode),
    wrapModelCall: async (request, handler) => {
      const messages = await turns.inject(
        request.messages,
        request.runtime as RunnableConfig,
      );
      return handler(
        messages === request.messages
          ? request
          : { ...request, messages: [...messages] },
      );
    },
    afterModel: (state, runtime) => {
      turns.record(state.messages, runtime as RunnableConfig);
      return undefined;
    },
  });
  return Object.assign(middleware, {
    /** Resolves when every recording started so far has settled (never rejects). */
    flush: () => turns.flush(),
  });
}
