import { describe, expect, it } from 'vitest';
import { countFixedTokens } from './count-fixed-tokens';
import { createTokenCounter } from './create-token-counter';

const counter = createTokenCounter({
  name: 'characters',
  countText: (text) => text.length,
});

describe('countFixedTokens', () => {
  it('should count a system prompt and tool schemas as JSON', () => {
    const tools = [{ name: 'ls', parameters: {} }, 'raw'];

    // (3 + 'Be brief.' 9) + (3 + '{"name":"ls","parameters":{}}' 29) + (3 + 'raw' 3)
    expect(countFixedTokens({ counter, system: 'Be brief.', tools })).toBe(50);
  });

  it('should count nothing without a system prompt or tools', () => {
    expect(countFixedTokens({ counter })).toBe(0);
  });

  it('should apply the overhead options', () => {
    expect(
      countFixedTokens({
        counter,
        system: 'ab',
        tools: [1],
        messageOverhead: 0,
        toolOverhead: 10,
      }),
    ).toBe(13);
  });
});
