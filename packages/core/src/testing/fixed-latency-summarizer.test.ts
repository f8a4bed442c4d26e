import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import type { SummaryRequest } from '../summary/summarizer/summarizer';
import { fixedLatencySummarizer } from './fixed-latency-summarizer';

function request(
  transcript: string,
  signal = new AbortController().signal,
): SummaryRequest {
  return { instructions: 'Summarize.', transcript, signal };
}

const transcript = `user: run the tests\n${'tool: PASSED tests/test_config.py::test_defaults\n'.repeat(40)}`;

describe('fixedLatencySummarizer', () => {
  it('should answer after the latency with a deterministic digest shorter than the transcript', async () => {
    const summarizer = fixedLatencySummarizer({ latencyMs: 30 });
    const started = performance.now();
    const first = await summarizer(request(transcript));
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    const second = await summarizer(request(transcript));
    expect(first.text).toBe(second.text);
    expect(first.text).toBe(
      `Summary of ${transcript.length} characters: ${transcript.replace(/\s+/g, ' ')}`.slice(
        0,
        240,
      ),
    );
    expect(first.usage).toEqual({
      inputTokens: Math.ceil((10 + transcript.length) / 4),
      outputTokens: 60,
    });
    expect(summarizer.callCount).toBe(2);
  });

  it('should keep the digest below a quarter of a short transcript', async () => {
    const summarizer = fixedLatencySummarizer({ latencyMs: 0 });
    const result = await summarizer(request('user: hello there, how are you'));
    expect(result.text).toBe('user: h');
  });

  it('should answer with the given text or text function', async () => {
    const fixed = fixedLatencySummarizer({ latencyMs: 0, text: 'fixed' });
    const computed = fixedLatencySummarizer({
      latencyMs: 0,
      text: ({ transcript: input }) => `chars=${input.length}`,
    });
    await expect(fixed(request(transcript))).resolves.toMatchObject({
      text: 'fixed',
    });
    await expect(computed(request('abc'))).resolves.toMatchObject({
      text: 'chars=3',
    });
  });

  it('should reject with the abort reason when aborted during the latency', async () => {
    const summarizer = fixedLatencySummarizer({ latencyMs: 10_000 });
    const controller = new AbortController();
    const pending = summarizer(request(transcript, controller.signal));
    controller.abort('cancelled');
    await expect(pending).rejects.toBe('cancelled');
  });

  it('should reject an invalid latency', () => {
    expect(() => fixedLatencySummarizer({ latencyMs: -5 })).toThrow(
      InvalidArgumentError,
    );
  });
});
