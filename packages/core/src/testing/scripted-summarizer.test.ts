import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import type { SummaryRequest } from '../summary/summarizer/summarizer';
import type { ScriptedSummarizerStep } from './scripted-summarizer';
import { scriptedSummarizer } from './scripted-summarizer';

function request(overrides: Partial<SummaryRequest> = {}): SummaryRequest {
  return {
    instructions: 'Summarize the conversation.',
    transcript:
      'user: where is the config?\nassistant: in packages/core/src/config',
    signal: new AbortController().signal,
    ...overrides,
  };
}

describe('scriptedSummarizer', () => {
  it('should answer a text step with the text and a plausible usage', async () => {
    const summarizer = scriptedSummarizer([
      'The config lives in packages/core.',
    ]);
    await expect(summarizer(request())).resolves.toEqual({
      text: 'The config lives in packages/core.',
      // (27 + 65) / 4 → 23 input tokens; 34 / 4 → 9 output tokens
      usage: { inputTokens: 23, outputTokens: 9 },
    });
  });

  it('should answer a { text, usage } step exactly', async () => {
    const summarizer = scriptedSummarizer([
      { text: 'with usage', usage: { inputTokens: 7, outputTokens: 3 } },
      { text: 'without usage' },
    ]);
    await expect(summarizer(request())).resolves.toEqual({
      text: 'with usage',
      usage: { inputTokens: 7, outputTokens: 3 },
    });
    await expect(summarizer(request())).resolves.toStrictEqual({
      text: 'without usage',
    });
  });

  it('should consume the steps in order and record every request', async () => {
    const summarizer = scriptedSummarizer(['first', 'second']);
    const firstRequest = request({ transcript: 'one' });
    const secondRequest = request({ transcript: 'two' });
    const first = await summarizer(firstRequest);
    const second = await summarizer(secondRequest);
    expect([first.text, second.text]).toEqual(['first', 'second']);
    expect(summarizer.calls).toEqual([firstRequest, secondRequest]);
    expect(summarizer.calls[1]).toBe(secondRequest);
  });

  it('should reject with a clear error when the script runs out of steps', async () => {
    const summarizer = scriptedSummarizer(['only']);
    await summarizer(request());
    const error: unknown = await summarizer(request()).catch(
      (caught: unknown) => caught,
    );
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'Invalid argument for parameter script: ran out of steps: call 2 arrived but the script has 1 step; add steps or pass a function',
    );
    expect(summarizer.calls).toHaveLength(2);
  });

  it('should reject with the scripted error for a throw step', async () => {
    const failure = new Error('rate limited');
    const summarizer = scriptedSummarizer([{ throw: failure }]);
    await expect(summarizer(request())).rejects.toBe(failure);
  });

  it('should answer an empty step with an empty text', async () => {
    const summarizer = scriptedSummarizer([{ empty: true }]);
    const result = await summarizer(request());
    expect(result.text).toBe('');
  });

  it('should echo the transcript for an echo step', async () => {
    const summarizer = scriptedSummarizer(['echo', { text: 'echo' }]);
    const transcript = 'tool: 120 passed, 3 failed';
    await expect(summarizer(request({ transcript }))).resolves.toMatchObject({
      text: transcript,
    });
    await expect(summarizer(request({ transcript }))).resolves.toMatchObject({
      text: 'echo',
    });
  });

  it('should hang until the signal aborts, then reject with the abort reason', async () => {
    const controller = new AbortController();
    const summarizer = scriptedSummarizer([{ hang: true }]);
    let settled = false;
    const pending = summarizer(request({ signal: controller.signal })).finally(
      () => {
        settled = true;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    const reason = new Error('caller gave up');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('should reject a hang step at once when the signal is already aborted', async () => {
    const summarizer = scriptedSummarizer([{ hang: true }]);
    await expect(
      summarizer(request({ signal: AbortSignal.abort('stop') })),
    ).rejects.toBe('stop');
  });

  it('should time out a hang step with AbortSignal.timeout', async () => {
    const summarizer = scriptedSummarizer([{ hang: true }]);
    const error: unknown = await summarizer(
      request({ signal: AbortSignal.timeout(30) }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('TimeoutError');
  });

  it('should run the then step after a real delay', async () => {
    const summarizer = scriptedSummarizer([
      { delayMs: 40, then: 'late summary' },
    ]);
    const started = performance.now();
    const result = await summarizer(request());
    expect(result.text).toBe('late summary');
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
  });

  it('should reject a delayed step with the abort reason when aborted during the delay', async () => {
    const summarizer = scriptedSummarizer([{ delayMs: 10_000, then: 'never' }]);
    const error: unknown = await summarizer(
      request({ signal: AbortSignal.timeout(20) }),
    ).catch((caught: unknown) => caught);
    expect((error as DOMException).name).toBe('TimeoutError');
  });

  it('should chain a delay into a hang', async () => {
    const controller = new AbortController();
    const summarizer = scriptedSummarizer([
      { delayMs: 5, then: { hang: true } },
    ]);
    const pending = summarizer(request({ signal: controller.signal }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    controller.abort('late abort');
    await expect(pending).rejects.toBe('late abort');
  });

  it('should let a function pick the step from the request and the call index', async () => {
    const summarizer = scriptedSummarizer((summaryRequest, index) =>
      summaryRequest.strategy === 'summarizeRounds'
        ? `round ${index}`
        : { empty: true },
    );
    const first = await summarizer(request({ strategy: 'summarizeRounds' }));
    const second = await summarizer(request({ strategy: 'compressToolRuns' }));
    const third = await summarizer(request({ strategy: 'summarizeRounds' }));
    expect([first.text, second.text, third.text]).toEqual([
      'round 0',
      '',
      'round 2',
    ]);
    expect(summarizer.calls).toHaveLength(3);
  });

  it('should reject malformed steps when it is created', () => {
    expect(() =>
      scriptedSummarizer(['fine', { delayMs: -1, then: 'x' }]),
    ).toThrow(
      'Invalid argument for parameter script[1].delayMs: must be a finite number of milliseconds, 0 or more',
    );
    expect(() =>
      scriptedSummarizer([{ hang: false } as unknown as { hang: true }]),
    ).toThrow(InvalidArgumentError);
  });

  it('should reject a script that is neither an array nor a function', () => {
    expect(() =>
      scriptedSummarizer('summary' as unknown as ScriptedSummarizerStep[]),
    ).toThrow(
      'Invalid argument for parameter script: must be an array of steps or a function returning a step',
    );
  });

  it('should reject a malformed step returned by a function', async () => {
    const summarizer = scriptedSummarizer(() => 42 as unknown as string);
    await expect(summarizer(request())).rejects.toThrow(
      'Invalid argument for parameter script(request, 0):',
    );
  });
});
