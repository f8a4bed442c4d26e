import { describe, expect, it } from 'vitest';
import { readProviderUsage } from './read-provider-usage';

describe('readProviderUsage', () => {
  it('should read input and output tokens from every usage shape', () => {
    expect(readProviderUsage({ inputTokens: 10, outputTokens: 3 })).toEqual({
      inputTokens: 10,
      outputTokens: 3,
    });
    expect(
      readProviderUsage({
        inputTokens: { total: 12, noCache: 2 },
        outputTokens: { total: 4 },
      }),
    ).toEqual({ inputTokens: 12, outputTokens: 4 });
    expect(readProviderUsage({ input_tokens: 7, output_tokens: 1 })).toEqual({
      inputTokens: 7,
      outputTokens: 1,
    });
    expect(readProviderUsage({ outputTokens: 5 })).toEqual({ outputTokens: 5 });
  });

  it('should return undefined when no tokens are reported', () => {
    expect(readProviderUsage(undefined)).toBeUndefined();
    expect(
      readProviderUsage({ inputTokens: -1, outputTokens: 'x' }),
    ).toBeUndefined();
  });
});
