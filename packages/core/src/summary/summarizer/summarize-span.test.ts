import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { SummarizerError } from '../../vocabulary/error/summarizer-error';
import type { Message } from '../../vocabulary/message/message';
import type { Summarizer, SummaryRequest } from './summarizer';
import type { TokenCounter } from '../../state/token/token-counter';
import { renderTranscript } from '../text/render-transcript';
import {
  TRANSCRIPT_TOKENS_PER_PART,
  estimateTranscriptTokens,
  outputLimit,
  summarizeSpan,
} from './summarize-span';

/** Four characters a token, like the approximate counters. */
const counter: TokenCounter = {
  name: 'quarter',
  countText: (text) => Math.ceil(text.length / 4),
  countMessage: (message) => Math.ceil(renderTranscript([message]).length / 4),
  countMessages: (messages) => Math.ceil(renderTranscript(messages).length / 4),
};

function exchange(index: number, outputChars: number): Message[] {
  const id = `call_${index}`;
  return [
    {
      id: `a${index}`,
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: id,
          toolName: 'bash',
          input: { command: `step ${index}` },
        },
      ],
    },
    {
      id: `t${index}`,
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: id,
          toolName: 'bash',
          output: 'o'.repeat(outputChars),
        },
      ],
    },
  ];
}

function recordingSummarizer(
  reply: (request: SummaryRequest) => string = (request) =>
    `summary of ${request.transcript.length}`,
) {
  const requests: SummaryRequest[] = [];
  const summarizer: Summarizer = (request) => {
    requests.push(request);
    return Promise.resolve({
      text: reply(request),
      usage: { inputTokens: 10, outputTokens: 2 },
    });
  };
  return { requests, summarizer };
}

/** Every tool call in a transcript has its result in the same transcript. */
function expectPairsTogether(transcript: string): void {
  for (const match of transcript.matchAll(/→ call (\S+) id=(\S+)\]/g)) {
    expect(transcript).toContain(`[tool result ${match[1]} id=${match[2]}]`);
  }
  for (const match of transcript.matchAll(/\[tool result (\S+) id=(\S+)\]/g)) {
    expect(transcript).toContain(`→ call ${match[1]} id=${match[2]}]`);
  }
}

const user: Message = {
  id: 'u',
  role: 'user',
  content: [{ type: 'text', text: 'Run the steps.' }],
};

describe('summarizeSpan', () => {
  it('should send one request with the rendered transcript when the span fits', async () => {
    const { requests, summarizer } = recordingSummarizer(() => 'done');
    const controller = new AbortController();
    const messages = [user, ...exchange(1, 20)];
    const result = await summarizeSpan({
      summarizer,
      strategy: 'compressCurrentRound',
      messages,
      instructions: 'Shorten.',
      planHint: 'Plan: Ship',
      targetChars: 50,
      maxInputTokens: 1000,
      counter,
      signal: controller.signal,
    });
    expect(result).toEqual({
      text: 'done',
      usage: { inputTokens: 10, outputTokens: 2 },
      calls: 1,
    });
    expect(requests).toEqual([
      {
        instructions: 'Shorten.',
        transcript: renderTranscript(messages),
        targetChars: 50,
        planHint: 'Plan: Ship',
        // The transcript's tokens as estimated from the message counts (below
        // the target's 81): a longer reply is rejected anyway.
        maxOutputTokens: messages.reduce(
          (sum, message) =>
            sum +
            Math.ceil(renderTranscript([message]).length / 4) +
            TRANSCRIPT_TOKENS_PER_PART * message.content.length,
          0,
        ),
        signal: controller.signal,
        strategy: 'compressCurrentRound',
      },
    ]);
  });

  it('should size a span clearly under the budget from the message counts, without tokenizing its transcript', async () => {
    const counted: string[] = [];
    const recording: TokenCounter = {
      ...counter,
      countText: (text) => {
        counted.push(text);
        return counter.countText(text);
      },
    };
    const messages = [user, ...exchange(1, 2000), ...exchange(2, 2000)];
    const { requests, summarizer } = recordingSummarizer(() => 'done');
    await summarizeSpan({
      summarizer,
      strategy: 'compressToolRuns',
      messages,
      instructions: 'Shorten.',
      maxInputTokens: 2000,
      counter: recording,
      signal: new AbortController().signal,
    });
    expect(counted).toEqual(['Shorten.']);
    expect(requests.map((request) => request.maxOutputTokens)).toEqual([
      estimateTranscriptTokens(messages, counter),
    ]);
  });

  it('should count near the budget exactly and send a span that fits whole', async () => {
    const messages = [user, ...exchange(1, 2000), ...exchange(2, 2000)];
    const exact = counter.countText(renderTranscript(messages));
    const estimate = estimateTranscriptTokens(messages, counter);
    // The estimate is over the budget, the transcript itself fits.
    expect(estimate).toBeGreaterThan(exact + 2);
    const { requests, summarizer } = recordingSummarizer(() => 'done');
    await summarizeSpan({
      summarizer,
      strategy: 'compressToolRuns',
      messages,
      instructions: '',
      maxInputTokens: exact + 2,
      counter,
      signal: new AbortController().signal,
    });
    expect(requests.map((request) => request.transcript)).toEqual([
      renderTranscript(messages),
    ]);
  });

  it('should derive the output limit from the target size and the transcript', () => {
    expect(outputLimit(1000, undefined)).toBe(1000);
    expect(outputLimit(1000, 300)).toBe(164);
    expect(outputLimit(50, 3000)).toBe(50);
    expect(outputLimit(3, undefined)).toBe(16);
  });

  it('should count usage as 0 when the summarizer reports none', async () => {
    const result = await summarizeSpan({
      summarizer: () => Promise.resolve({ text: 'short' }),
      strategy: 'summarizeRounds',
      messages: [user],
      instructions: 'S',
      maxInputTokens: 1000,
      counter,
      signal: new AbortController().signal,
    });
    expect(result).toEqual({
      text: 'short',
      usage: { inputTokens: 0, outputTokens: 0 },
      calls: 1,
    });
  });

  it('should split a large span into groups that keep calls with their results, and join their summaries without another request', async () => {
    const { requests, summarizer } = recordingSummarizer();
    const messages = [
      user,
      ...exchange(1, 800),
      ...exchange(2, 800),
      ...exchange(3, 800),
      ...exchange(4, 800),
    ];
    const result = await summarizeSpan({
      summarizer,
      strategy: 'compressToolRuns',
      messages,
      instructions: 'Summarize the tools.',
      maxInputTokens: 300,
      counter,
      signal: new AbortController().signal,
    });
    expect(requests.length).toBe(4);
    for (const request of requests) {
      expect(request.instructions).toBe('Summarize the tools.');
      expectPairsTogether(request.transcript);
      expect(
        counter.countText(request.instructions) +
          counter.countText(request.transcript),
      ).toBeLessThanOrEqual(300);
    }
    expect(requests.map((request) => request.transcript).join('\n\n')).toBe(
      renderTranscript(messages),
    );
    expect(result).toEqual({
      text: requests
        .map((request) => `summary of ${request.transcript.length}`)
        .join('\n\n'),
      usage: { inputTokens: 40, outputTokens: 8 },
      calls: 4,
    });
  });

  it('should pack units clearly under the budget by their cached counts, without tokenizing their transcripts', async () => {
    const counted: string[] = [];
    const spy: TokenCounter = {
      ...counter,
      countText: (text) => {
        counted.push(text);
        return counter.countText(text);
      },
    };
    const messages = Array.from({ length: 8 }, (_, index) =>
      exchange(index, 300),
    ).flat();
    const { requests, summarizer } = recordingSummarizer();
    await summarizeSpan({
      summarizer,
      strategy: 'compressToolRuns',
      messages,
      instructions: 'S',
      maxInputTokens: 400,
      counter: spy,
      signal: new AbortController().signal,
    });
    expect(requests.length).toBeGreaterThan(1);
    expect(counted).toEqual(['S']);
    for (const request of requests) {
      expect(counter.countText(request.transcript)).toBeLessThanOrEqual(399);
    }
  });

  it('should send the group requests in parallel and answer when they have answered', async () => {
    const pending: ((text: string) => void)[] = [];
    const summarizer: Summarizer = () =>
      new Promise((resolve) => pending.push((text) => resolve({ text })));
    const promise = summarizeSpan({
      summarizer,
      strategy: 'compressToolRuns',
      messages: [...exchange(1, 400), ...exchange(2, 400), ...exchange(3, 400)],
      instructions: 'S',
      maxInputTokens: 200,
      counter,
      signal: new AbortController().signal,
    });
    await Promise.resolve();
    expect(pending.length).toBe(3);
    pending.forEach((resolve, index) => resolve(`part ${index + 1}`));
    await expect(promise).resolves.toEqual({
      text: 'part 1\n\npart 2\n\npart 3',
      usage: { inputTokens: 0, outputTokens: 0 },
      calls: 3,
    });
    expect(pending.length).toBe(3);
  });

  it('should split the character target between groups by size', async () => {
    const { requests, summarizer } = recordingSummarizer();
    await summarizeSpan({
      summarizer,
      strategy: 'compressCurrentRound',
      messages: [...exchange(1, 400), ...exchange(2, 400)],
      instructions: 'S',
      targetChars: 200,
      maxInputTokens: 200,
      counter,
      signal: new AbortController().signal,
    });
    expect(requests.map((request) => request.targetChars)).toEqual([100, 100]);
  });

  it('should shorten a single message larger than the budget and send it alone', async () => {
    const { requests, summarizer } = recordingSummarizer(() => 'short');
    const huge: Message = {
      id: 'h',
      role: 'user',
      content: [{ type: 'text', text: 'x'.repeat(20_000) }],
    };
    const result = await summarizeSpan({
      summarizer,
      strategy: 'summarizeLargeCurrentMessages',
      messages: [huge],
      instructions: 'Keep details.',
      maxInputTokens: 500,
      counter,
      signal: new AbortController().signal,
    });
    expect(result.calls).toBe(1);
    expect(requests[0]!.transcript).toMatch(
      /^\[user\]\nx+\n…\[[\d,]+ characters omitted\]…\nx+$/,
    );
    expect(
      counter.countText('Keep details.') +
        counter.countText(requests[0]!.transcript),
    ).toBeLessThanOrEqual(500);
  });

  it('should send one request per group however many groups a span needs, each within the budget', async () => {
    const { requests, summarizer } = recordingSummarizer(() => 'g'.repeat(150));
    const messages = Array.from({ length: 12 }, (_, index) =>
      exchange(index, 600),
    ).flat();
    const result = await summarizeSpan({
      summarizer,
      strategy: 'compressToolRuns',
      messages,
      instructions: 'S',
      maxInputTokens: 250,
      counter,
      signal: new AbortController().signal,
    });
    expect(requests.length).toBe(12);
    expect(result.calls).toBe(12);
    for (const request of requests) {
      expect(
        counter.countText(request.instructions) +
          counter.countText(request.transcript),
      ).toBeLessThanOrEqual(250);
    }
  });

  it('should reject with the abort reason when the signal aborts, even if the summarizer ignores it', async () => {
    const controller = new AbortController();
    const promise = summarizeSpan({
      summarizer: () => new Promise(() => {}),
      strategy: 'summarizeRounds',
      messages: [user],
      instructions: 'S',
      maxInputTokens: 1000,
      counter,
      signal: controller.signal,
    });
    const reason = new Error('timeout');
    controller.abort(reason);
    await expect(promise).rejects.toBe(reason);
  });

  it('should not call the summarizer when the signal is already aborted', async () => {
    const { requests, summarizer } = recordingSummarizer();
    const controller = new AbortController();
    controller.abort('gone');
    await expect(
      summarizeSpan({
        summarizer,
        strategy: 'summarizeRounds',
        messages: [user],
        instructions: 'S',
        maxInputTokens: 1000,
        counter,
        signal: controller.signal,
      }),
    ).rejects.toBe('gone');
    expect(requests).toEqual([]);
  });

  it('should throw what the summarizer throws', async () => {
    const failure = new Error('model down');
    await expect(
      summarizeSpan({
        summarizer: () => Promise.reject(failure),
        strategy: 'summarizeRounds',
        messages: [user],
        instructions: 'S',
        maxInputTokens: 1000,
        counter,
        signal: new AbortController().signal,
      }),
    ).rejects.toBe(failure);
  });

  it('should throw a SummarizerError when a group summary is empty', async () => {
    const error: unknown = await summarizeSpan({
      summarizer: () => Promise.resolve({ text: ' ' }),
      strategy: 'compressToolRuns',
      messages: [...exchange(1, 400), ...exchange(2, 400)],
      instructions: 'S',
      maxInputTokens: 200,
      counter,
      signal: new AbortController().signal,
    }).catch((caught: unknown) => caught);
    expect(SummarizerError.isInstance(error)).toBe(true);
    expect((error as SummarizerError).reason).toBe('empty');
  });

  it('should throw InvalidArgumentError for a span that renders empty', async () => {
    await expect(
      summarizeSpan({
        summarizer: recordingSummarizer().summarizer,
        strategy: 'summarizeRounds',
        messages: [
          {
            id: 'r',
            role: 'assistant',
            content: [{ type: 'reasoning', text: 'x' }],
          },
        ],
        instructions: 'S',
        maxInputTokens: 1000,
        counter,
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow(InvalidArgumentError);
  });

  it('should throw InvalidArgumentError when the instructions leave no room for a transcript', async () => {
    await expect(
      summarizeSpan({
        summarizer: recordingSummarizer().summarizer,
        strategy: 'summarizeRounds',
        messages: exchange(1, 4000),
        instructions: 'S'.repeat(400),
        maxInputTokens: 120,
        counter,
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow('Invalid argument for parameter maxInputTokens');
  });

  it('should keep every request under the budget and every call with its results', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.integer({ min: 1, max: 3 }),
            fc.integer({ min: 0, max: 3000 }),
          ),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        fc.integer({ min: 150, max: 2000 }),
        async (shape, maxInputTokens) => {
          const messages: Message[] = [];
          shape.forEach(([calls, outputChars], index) => {
            const ids = Array.from(
              { length: calls },
              (_, call) => `c${index}_${call}`,
            );
            messages.push({
              id: `a${index}`,
              role: 'assistant',
              content: ids.map((id) => ({
                type: 'tool-call',
                toolCallId: id,
                toolName: 'read',
                input: { id },
              })),
            });
            messages.push({
              id: `t${index}`,
              role: 'tool',
              content: ids.map((id) => ({
                type: 'tool-result',
                toolCallId: id,
                toolName: 'read',
                output: 'r'.repeat(outputChars),
              })),
            });
          });
          const { requests, summarizer } = recordingSummarizer((request) =>
            request.transcript.slice(0, 40),
          );
          const result = await summarizeSpan({
            summarizer,
            strategy: 'compressToolRuns',
            messages,
            instructions: 'Summarize.',
            planHint: 'Plan: P',
            maxInputTokens,
            counter,
            signal: new AbortController().signal,
          });
          expect(result.calls).toBe(requests.length);
          for (const request of requests) {
            expect(
              counter.countText(request.instructions) +
                counter.countText(request.planHint ?? '') +
                counter.countText(request.transcript),
            ).toBeLessThanOrEqual(maxInputTokens);
            expectPairsTogether(request.transcript);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
