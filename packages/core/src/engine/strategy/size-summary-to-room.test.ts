import { describe, expect, it } from 'vitest';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import type { TokenCounter } from '../../state/token/token-counter';
import {
  estimateSizingTokens,
  sizeSummaryToRoom,
} from './size-summary-to-room';

/** The approximate counter, recording the length of every text it counts. */
function recordingCounter(): { counter: TokenCounter; counted: number[] } {
  const inner = createApproximateTokenCounter({ textCacheChars: 0 });
  const counted: number[] = [];
  return {
    counted,
    counter: {
      ...inner,
      countText: (text) => {
        counted.push(text.length);
        return inner.countText(text);
      },
    },
  };
}

/** A transcript of `lines` tool results, ids and prose mixed. */
function transcript(lines: number): string {
  return Array.from(
    { length: lines },
    (_, index) =>
      `[tool result bash id=call_${index}]\nsrc/module_${index}.py:${index * 7}: def handler_${index}(request): return 0x${(index * 2_654_435_761).toString(16)}`,
  ).join('\n\n');
}

describe('sizeSummaryToRoom', () => {
  const sizing = {
    roomTokens: 500,
    maxShare: 1,
    maxChars: Number.POSITIVE_INFINITY,
  };

  it('should convert the room with the transcript characters per token, counted whole when short', () => {
    const { counter, counted } = recordingCounter();
    const text = transcript(40);
    const tokens = createApproximateTokenCounter().countText(text);
    expect(sizeSummaryToRoom({ ...sizing, transcript: text, counter })).toBe(
      Math.floor(((500 * text.length) / tokens) * 0.9),
    );
    expect(counted).toEqual([text.length]);
  });

  it('should size a long transcript from bounded samples, within 2 % of its whole count', () => {
    const { counter, counted } = recordingCounter();
    const text = transcript(4000);
    const whole = sizeSummaryToRoom({
      ...sizing,
      transcript: text,
      counter,
      transcriptTokens: createApproximateTokenCounter().countText(text),
    });
    const sampled = sizeSummaryToRoom({ ...sizing, transcript: text, counter });
    expect(text.length).toBeGreaterThan(300_000);
    expect(Math.max(...counted)).toBeLessThanOrEqual(2048);
    expect(counted.reduce((sum, length) => sum + length, 0)).toBe(16_384);
    expect(Math.abs(sampled - whole) / whole).toBeLessThan(0.02);
  });
});

describe('estimateSizingTokens', () => {
  it('should count a short transcript whole', () => {
    const { counter, counted } = recordingCounter();
    const text = transcript(40);
    expect(text.length).toBeLessThanOrEqual(16_384);
    expect(estimateSizingTokens(text, counter)).toBe(counter.countText(text));
    expect(counted[0]).toBe(text.length);
  });

  it('should weigh a long transcript by 16 K characters of samples, the same every time', () => {
    const { counter, counted } = recordingCounter();
    const text = transcript(4000);
    const exact = createApproximateTokenCounter({
      textCacheChars: 0,
    }).countText(text);
    const estimate = estimateSizingTokens(text, counter);
    expect(Math.max(...counted)).toBeLessThanOrEqual(2048);
    expect(
      counted.reduce((sum, length) => sum + length, 0),
    ).toBeLessThanOrEqual(16_384);
    expect(Math.abs(estimate - exact) / exact).toBeLessThan(0.1);
    expect(estimateSizingTokens(text, counter)).toBe(estimate);
  });
});
