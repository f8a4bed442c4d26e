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
   * @default the request's `maxOutputTokens` (derived by core from the target size)
   */
  readonly maxOutputTokens?: number;
  /**
   * Retries after a 429, a 5xx or a network failure, waiting `Retry-After`
   * (or `retry-after-ms`) when the server sends it, else
   * `retryBaseDelayMs · 2^attempt`. Every wait ends when the request's signal
   * aborts (the pass timeout), so retries stay inside it.
   * @default 2
   */
  readonly maxRetries?: number;
  /**
   * First back-off delay when the server gives no `Retry-After`.
   * @default 500
   */
  readonly retryBaseDelayMs?: number;
  /**
   * A wait longer than this is not made: the error is returned at once.
   * @default 20000
   */
  readonly maxRetryDelayMs?: number;
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
  maxRetries = 2,
  retryBaseDelayMs = 500,
  maxRetryDelayMs = 20_000,
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
    const limit = maxOutputTokens ?? request.maxOutputTokens;
    if (limit !== undefined) body.max_tokens = limit;
    const init = {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: request.signal,
    };
    let text: string;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetchFunction(url, init);
      } catch (error) {
        // A network failure is retried like a 503; an abort is not.
        request.signal.throwIfAborted();
        const delay = retryBaseDelayMs * 2 ** attempt;
        if (attempt >= maxRetries || delay > maxRetryDelayMs) throw error;
        await wait(delay, request.signal);
        continue;
      }
      text = await response.text();
      if (response.ok) break;
      const retryable = response.status === 429 || response.status >= 500;
      const delay =
        readRetryAfter(response.headers) ?? retryBaseDelayMs * 2 ** attempt;
      if (!retryable || attempt >= maxRetries || delay > maxRetryDelayMs) {
        throw new SummarizerError({
          reason: 'threw',
          message: `POST ${url} answered ${response.status} ${response.statusText}: ${text.slice(0, 300)}${attempt > 0 ? ` (after ${attempt} ${attempt === 1 ? 'retry' : 'retries'})` : ''}`,
        });
      }
      await wait(delay, request.signal);
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

/** The wait a server asks for: `retry-after-ms`, or `Retry-After` in seconds or as an HTTP date. */
function readRetryAfter(headers: Headers): number | undefined {
  const milliseconds = Number(headers.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
