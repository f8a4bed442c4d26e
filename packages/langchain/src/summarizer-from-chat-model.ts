import type { Summarizer } from '@acm/core';
import { createChatSummarizer } from '@acm/core/adapter';
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import type { AIMessage, BaseMessage } from '@langchain/core/messages';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';

/** What `summarizerFromChatModel` needs from a model: any LangChain chat model fits. */
export interface SummarizerChatModel {
  /** One summary call: the request as messages in, the reply (its `text` and `usage_metadata`) out. */
  invoke(
    input: BaseLanguageModelInput,
    options?: Partial<RunnableConfig>,
  ): Promise<BaseMessage>;
}

/** How the summary calls are run. */
export interface SummarizerFromChatModelOptions {
  /**
   * Run config of every summary call (its `signal` is the request's).
   * @default { runName: 'acm_summarizer', tags: ['acm-summarizer'], metadata: { lc_source: 'acm' } }
   */
  readonly config?: Partial<RunnableConfig>;
}

/**
 * A core `Summarizer` from a LangChain chat model (`BaseChatModel`, a bound
 * model, anything with `invoke(messages, config)` returning a message), by
 * core's `createChatSummarizer`: each request becomes one `SystemMessage` and
 * one `HumanMessage`, the request's abort signal is passed, and the reply's
 * `usage_metadata` becomes the summary's usage. The call is tagged
 * `metadata.lc_source = 'acm'` so stream consumers can leave it out of the
 * UI. A rejected call fails its compression pass, which then changes nothing.
 */
export function summarizerFromChatModel(
  model: SummarizerChatModel,
  {
    config = {
      runName: 'acm_summarizer',
      tags: ['acm-summarizer'],
      metadata: { lc_source: 'acm' },
    },
  }: SummarizerFromChatModelOptions = {},
): Summarizer {
  return createChatSummarizer(async ({ system, user }, { signal }) => {
    const reply = await model.invoke(
      [new SystemMessage(system), new HumanMessage(user)],
      { ...config, signal },
    );
    return { text: reply.text, usage: (reply as AIMessage).usage_metadata };
  });
}
