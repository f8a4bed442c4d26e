import { renderSummaryRequest, SummarizerError } from '@acm/core';
import type { Summarizer } from '@acm/core';

export interface CreateOpenAICompatibleSummarizerOptions {
  /** The API root, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  readonly baseUrl: string;
  /** The model name sent as `model`. */
  readonly model: string;
  /**
   * Sent as `Authorization: Bearer <apiKey>` when given.
   * @default undefined
   */
  readonly apiKey?: string;
  /**
   * The `fetch` to use (tests pass their own).
   * @default globalThis.fetch
   */
  readonly fetch?: typeof globalThis.fetch;
  /**
   * `max_tokens` of each request.
   * @default undefined (the server's default)
   */
  readonly maxOutputTokens?: number;
}

/**
 * A summarizer that POSTs each summary request to an OpenAI-compatible
 * `${baseUrl}/chat/completions` endpoint: the strategy's instructions as the
 * system message and the transcript (`renderSummaryRequest`) as one user
 * message. Honours the request's abort signal and reports the usage the
 * server returns. A non-2xx answer or a reply without text fails the pass
 * (a `SummarizerError`), which the engine records as an error event.
 */
export function createOpenAICompatibleSummarizer({
  baseUrl,
  model,
  apiKey,
  fetch: fetchFunction = globalThis.fetch,
  maxOutputTokens,
}: CreateOpenAICompatibleSummarizerOptions): Summarizer {
  const url = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return async (request) => {
    const { system, user } = renderSummaryRequest(request);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
    };
    if (apiKey !== undefined && apiKey !== '') {
      headers.authorization = `Bearer ${apiKey}`;
    }
    const body: Record<string, unknown> = {
      model,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
    };
    if (maxOutputTokens !== undefined) body.max_tokens = maxOutputTokens;
    const response = await fetchFunction(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: request.signal,
    });
    const text = await response.text();
    if (!response.ok) {
      throw new SummarizerError({
        reason: 'threw',
        message: `POST ${url} answered ${response.status} ${response.statusText}: ${text.slice(0, 300)}`,
      });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new SummarizerError({
        reason: 'threw',
        message: `POST ${url} did not answer JSON: ${text.slice(0, 300)}`,
        cause: error,
      });
    }
    const completion = parsed as {
      choices?: { message?: { content?: unknown } }[];
      usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
    };
    const content = completion.choices?.[0]?.message?.content;
    if (typeof content !== 'string') {
      throw new SummarizerError({
        reason: 'empty',
        message: `POST ${url} answered without choices[0].message.content`,
      });
    }
    const inputTokens = completion.usage?.prompt_tokens;
    const outputTokens = completion.usage?.completion_tokens;
    return {
      text: content,
      usage: {
        ...(typeof inputTokens === 'number' ? { inputTokens } : {}),
        ...(typeof outputTokens === 'number' ? { outputTokens } : {}),
      },
    };
  };
}
