import type { Summarizer } from '@acm/core';
import { createChatSummarizer, withoutUndefined } from '@acm/core/adapter';

/**
 * The part of a language model the summarizer uses: any `LanguageModelV2`,
 * `V3` or `V4` object (a provider's model, a `wrapLanguageModel` result, a
 * mock).
 */
export interface SummarizerLanguageModel {
  readonly specificationVersion: string;
  doGenerate(options: {
    prompt: Array<
      | { role: 'system'; content: string }
      | { role: 'user'; content: Array<{ type: 'text'; text: string }> }
    >;
    abortSignal?: AbortSignal;
    maxOutputTokens?: number;
    temperature?: number;
    providerOptions?: Record<string, Record<string, never>>;
  }): PromiseLike<{ content: ReadonlyArray<unknown>; usage?: unknown }>;
}

export interface SummarizerFromLanguageModelOptions {
  /**
   * Upper bound on the summary's tokens.
   * @default the request's `maxOutputTokens` (derived by core from the target size)
   */
  readonly maxOutputTokens?: number;
  /**
   * Sampling temperature.
   * @default undefined (the provider's default)
   */
  readonly temperature?: number;
  /**
   * Provider options for every summary call.
   * @default undefined
   */
  readonly providerOptions?: Record<string, Record<string, unknown>>;
}

/**
 * A core `Summarizer` that asks `model` (DESIGN §3.7): the request's
 * instructions as the system message, one user message holding the
 * transcript (`renderSummaryRequest`: end marker, character target and plan
 * hint when given), the
 * request's abort signal passed on, and the usage the provider reports
 * returned, so it lands in the compression events.
 *
 * It calls the model's `doGenerate` directly (spec level, no `ai` runtime
 * needed, the same on ai 6 and 7); wrap the model first for retries or
 * middleware. A model error rejects; core records it as a failed pass (an
 * empty answer too).
 */
export function summarizerFromLanguageModel(
  model: SummarizerLanguageModel,
  {
    maxOutputTokens,
    temperature,
    providerOptions,
  }: SummarizerFromLanguageModelOptions = {},
): Summarizer {
  return createChatSummarizer(async ({ system, user }, request) => {
    const result = await model.doGenerate(
      withoutUndefined({
        prompt: [
          { role: 'system', content: system },
          { role: 'user', content: [{ type: 'text', text: user }] },
        ],
        abortSignal: request.signal,
        maxOutputTokens: maxOutputTokens ?? request.maxOutputTokens,
        temperature,
        providerOptions: providerOptions as
          Record<string, Record<string, never>> | undefined,
      }),
    );
    const text = result.content
      .map((part) => {
        const { type, text } = (part ?? {}) as Record<string, unknown>;
        return type === 'text' && typeof text === 'string' ? text : '';
      })
      .join('');
    return { text, usage: result.usage };
  });
}
