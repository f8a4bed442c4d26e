import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
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
