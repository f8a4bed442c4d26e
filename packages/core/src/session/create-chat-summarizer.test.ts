import { describe, expect, it } from 'vitest';
import { renderSummaryRequest } from '../engine/prompt/render-summary-request';
import type { SummaryRequest } from '../summary/summarizer/summarizer';
import { createChatSummarizer } from './create-chat-summarizer';

const request: SummaryRequest = {
  instructions: 'Summarize the exchange.',
  transcript: 'user: hello\nassistant: hi',
  targetChars: 200,
  planHint: 'Step 2 of 3.',
  signal: new AbortController().signal,
};

describe('createChatSummarizer', () => {
  it('should send the rendered request and return the text with the usage read from the reply', async () => {
    const calls: unknown[] = [];
    const summarize = createChatSummarizer((prompt, { signal }) => {
      calls.push([prompt, signal]);
      return Promise.resolve({
        text: 'They greeted each other.',
        usage: { input_tokens: 120, output_tokens: 9, total_tokens: 129 },
      });
    });
    expect(await summarize(request)).toEqual({
      text: 'They greeted each other.',
      usage: { inputTokens: 120, outputTokens: 9 },
    });
    expect(calls).toEqual([[renderSummaryRequest(request), request.signal]]);
  });

  it('should leave the usage out when the reply reports none, and pass a failure on', async () => {
    expect(
      await createChatSummarizer(() => Promise.resolve({ text: 'Short.' }))(
        request,
      ),
    ).toEqual({ text: 'Short.' });
    await expect(
      createChatSummarizer(() => Promise.reject(new Error('rate limited')))(
        request,
      ),
    ).rejects.toThrow('rate limited');
  });
});
