import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { Message } from '../../vocabulary/message/message';
import { createTokenCounter } from '../../state/token/create-token-counter';
import { checkTrigger } from './check-trigger';

/** Each message costs 3 + role + text characters. */
const counter = createTokenCounter({
  name: 'characters',
  countText: (text) => text.length,
});

function userMessages(count: number, text: string): Message[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `m${index}`,
    role: 'user' as const,
    content: [{ type: 'text' as const, text }],
  }));
}

const config = { msgThreshold: 5, maxToken: 100, tokenRatio: 0.75 };

describe('checkTrigger', () => {
  it('should not trigger below both thresholds', () => {
    // 2 × (3 + 4 + 10) = 34
    expect(
      checkTrigger({
        messages: userMessages(2, 'x'.repeat(10)),
        config,
        counter,
      }),
    ).toEqual({
      triggered: false,
      messageCountReached: false,
      tokensReached: false,
      messageCount: 2,
      tokenCount: 34,
      tokenThreshold: 75,
      msgThreshold: 5,
    });
  });

  it('should trigger on the message count alone', () => {
    // 5 × (3 + 4 + 1) = 40
    expect(
      checkTrigger({ messages: userMessages(5, 'x'), config, counter }),
    ).toEqual({
      triggered: true,
      messageCountReached: true,
      tokensReached: false,
      messageCount: 5,
      tokenCount: 40,
      tokenThreshold: 75,
      msgThreshold: 5,
    });
  });

  it('should trigger on tokens at exactly the threshold', () => {
    // 3 × (3 + 4 + 18) = 75
    const result = checkTrigger({
      messages: userMessages(3, 'x'.repeat(18)),
      config,
      counter,
    });

    expect(result.tokenCount).toBe(75);
    expect(result.tokensReached).toBe(true);
    expect(result.messageCountReached).toBe(false);
    expect(result.triggered).toBe(true);
  });

  it('should floor the token threshold', () => {
    const result = checkTrigger({
      messages: [],
      config: { msgThreshold: 1, maxToken: 131_071, tokenRatio: 0.75 },
      counter,
    });

    expect(result.tokenThreshold).toBe(98_303);
    expect(result.tokenCount).toBe(0);
  });

  it('should calibrate the counted tokens and then add the fixed tokens', () => {
    // round(34 × 1.3) = round(44.2) = 44; + 31 = 75
    const result = checkTrigger({
      messages: userMessages(2, 'x'.repeat(10)),
      config,
      counter,
      calibration: 1.3,
      fixedTokens: 31,
    });

    expect(result.tokenCount).toBe(75);
    expect(result.tokensReached).toBe(true);
  });

  it.each([
    {
      name: 'a zero calibration',
      options: { calibration: 0 },
      parameter: 'calibration',
    },
    {
      name: 'a negative calibration',
      options: { calibration: -1 },
      parameter: 'calibration',
    },
    {
      name: 'a NaN calibration',
      options: { calibration: Number.NaN },
      parameter: 'calibration',
    },
    {
      name: 'negative fixed tokens',
      options: { fixedTokens: -1 },
      parameter: 'fixedTokens',
    },
    {
      name: 'infinite fixed tokens',
      options: { fixedTokens: Infinity },
      parameter: 'fixedTokens',
    },
  ])('should reject $name', ({ options, parameter }) => {
    let caught: unknown;
    try {
      checkTrigger({ messages: [], config, counter, ...options });
    } catch (error) {
      caught = error;
    }

    expect(InvalidArgumentError.isInstance(caught)).toBe(true);
    expect((caught as InvalidArgumentError).code).toBe('INVALID_ARGUMENT');
    expect((caught as InvalidArgumentError).parameter).toBe(parameter);
  });
});
