import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createOpenAICompatibleSummarizer } from './create-openai-compatible-summarizer';

async function withServer(
  reply: (body: unknown) => { status: number; json: unknown },
  run: (baseUrl: string, requests: unknown[]) => Promise<void>,
): Promise<void> {
  const requests: unknown[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const parsed = JSON.parse(body) as unknown;
      requests.push({
        url: request.url,
        auth: request.headers.authorization,
        body: parsed,
      });
      const { status, json } = reply(parsed);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await run(`http://127.0.0.1:${port}/v1/`, requests);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('createOpenAICompatibleSummarizer', () => {
  it('should post the rendered request and return the text and usage', async () => {
    await withServer(
      () => ({
        status: 200,
        json: {
          choices: [{ index: 0, message: { content: 'short summary' } }],
          usage: { prompt_tokens: 42, completion_tokens: 3 },
        },
      }),
      async (baseUrl, requests) => {
        const summarizer = createOpenAICompatibleSummarizer({
          baseUrl,
          model: 'tiny',
          apiKey: 'secret',
        });

        const result = await summarizer({
          instructions: 'Summarize.',
          transcript: '[user]\nhello there',
          signal: new AbortController().signal,
        });

        expect(result).toEqual({
          text: 'short summary',
          usage: { inputTokens: 42, outputTokens: 3 },
        });
        expect(requests).toEqual([
          {
            url: '/v1/chat/completions',
            auth: 'Bearer secret',
            body: {
              model: 'tiny',
              messages: [
                { role: 'system', content: 'Summarize.' },
                {
                  role: 'user',
                  content:
                    '[user]\nhello there\n\nAbove is the conversation span to rewrite.',
                },
              ],
            },
          },
        ]);
      },
    );
  });

  it('should fail with the status when the server answers an error', async () => {
    await withServer(
      () => ({ status: 500, json: { error: 'boom' } }),
      async (baseUrl) => {
        const summarizer = createOpenAICompatibleSummarizer({
          baseUrl,
          model: 'tiny',
        });

        await expect(
          summarizer({
            instructions: 'Summarize.',
            transcript: 'text',
            signal: new AbortController().signal,
          }),
        ).rejects.toThrow(
          /answered 500 Internal Server Error: \{"error":"boom"\}/,
        );
      },
    );
  });

  it('should reject at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const summarizer = createOpenAICompatibleSummarizer({
      baseUrl: 'http://127.0.0.1:9',
      model: 'tiny',
    });

    await expect(
      summarizer({
        instructions: 'x',
        transcript: 'y',
        signal: controller.signal,
      }),
    ).rejects.toThrow('stop');
  });
});

/** A server that answers each request with the next scripted reply. */
async function withScriptedServer(
  replies: readonly {
    status: number;
    headers?: Record<string, string>;
    json: unknown;
  }[],
  run: (baseUrl: string, bodies: unknown[]) => Promise<void>,
): Promise<void> {
  const bodies: unknown[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      bodies.push(JSON.parse(body) as unknown);
      const reply = replies[Math.min(bodies.length, replies.length) - 1]!;
      response.writeHead(reply.status, {
        'content-type': 'application/json',
        ...reply.headers,
      });
      response.end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await run(`http://127.0.0.1:${port}/v1`, bodies);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const ok = {
  status: 200,
  json: { choices: [{ message: { content: 'short summary' } }] },
};

describe('createOpenAICompatibleSummarizer retries', () => {
  it('should retry a 429 after Retry-After and a 503 after back-off, then succeed', async () => {
    await withScriptedServer(
      [
        {
          status: 429,
          headers: { 'retry-after': '0' },
          json: { error: 'slow down' },
        },
        { status: 503, json: { error: 'busy' } },
        ok,
      ],
      async (baseUrl, bodies) => {
        const summarizer = createOpenAICompatibleSummarizer({
          baseUrl,
          model: 'tiny',
          retryBaseDelayMs: 1,
        });
        const result = await summarizer({
          instructions: 'S',
          transcript: 'text',
          maxOutputTokens: 120,
          signal: new AbortController().signal,
        });

        expect(result.text).toBe('short summary');
        expect(bodies).toHaveLength(3);
        expect(bodies[0]).toMatchObject({ max_tokens: 120 });
      },
    );
  });

  it('should give up after maxRetries and not retry a 400', async () => {
    await withScriptedServer(
      [{ status: 502, json: { error: 'bad gateway' } }],
      async (baseUrl, bodies) => {
        const summarizer = createOpenAICompatibleSummarizer({
          baseUrl,
          model: 'tiny',
          maxRetries: 2,
          retryBaseDelayMs: 1,
        });
        await expect(
          summarizer({
            instructions: 'S',
            transcript: 't',
            signal: new AbortController().signal,
          }),
        ).rejects.toThrow(/answered 502 Bad Gateway: .* \(after 2 retries\)$/);
        expect(bodies).toHaveLength(3);
      },
    );
    await withScriptedServer(
      [{ status: 400, json: { error: 'bad request' } }],
      async (baseUrl, bodies) => {
        const summarizer = createOpenAICompatibleSummarizer({
          baseUrl,
          model: 'tiny',
        });
        await expect(
          summarizer({
            instructions: 'S',
            transcript: 't',
            signal: new AbortController().signal,
          }),
        ).rejects.toThrow(/answered 400 Bad Request/);
        expect(bodies).toHaveLength(1);
      },
    );
  });

  it('should stop waiting for Retry-After when the pass timeout fires', async () => {
    await withScriptedServer(
      [
        {
          status: 429,
          headers: { 'retry-after': '10' },
          json: { error: 'later' },
        },
        ok,
      ],
      async (baseUrl, bodies) => {
        const summarizer = createOpenAICompatibleSummarizer({
          baseUrl,
          model: 'tiny',
        });
        const controller = new AbortController();
        const pending = summarizer({
          instructions: 'S',
          transcript: 't',
          signal: controller.signal,
        });
        // The pass times out once the 429 has come back (not on a clock: a
        // loaded machine may not have sent the request in 50 ms).
        await vi.waitFor(() => expect(bodies).toHaveLength(1));
        controller.abort(new Error('pass timeout'));

        await expect(pending).rejects.toThrow('pass timeout');
        expect(bodies).toHaveLength(1);
      },
    );
  });

  it('should not wait longer than maxRetryDelayMs', async () => {
    await withScriptedServer(
      [
        {
          status: 429,
          headers: { 'retry-after': '3600' },
          json: { error: 'quota' },
        },
        ok,
      ],
      async (baseUrl, bodies) => {
        const summarizer = createOpenAICompatibleSummarizer({
          baseUrl,
          model: 'tiny',
        });
        await expect(
          summarizer({
            instructions: 'S',
            transcript: 't',
            signal: new AbortController().signal,
          }),
        ).rejects.toThrow(/answered 429/);
        expect(bodies).toHaveLength(1);
      },
    );
  });
});
