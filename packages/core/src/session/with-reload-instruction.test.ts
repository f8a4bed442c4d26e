import { describe, expect, it } from 'vitest';
import { CONTEXT_RELOAD_INSTRUCTION } from '../tools/reload/context-reload-instruction';
import { readProviderInputTokens } from './read-provider-input-tokens';
import { withReloadInstruction } from './with-reload-instruction';

describe('withReloadInstruction', () => {
  it('should append the instruction once', () => {
    const once = withReloadInstruction('Be brief.');
    expect(once).toBe(`Be brief.\n\n${CONTEXT_RELOAD_INSTRUCTION}`);
    expect(withReloadInstruction(once)).toBe(once);
    expect(withReloadInstruction(undefined)).toBe(CONTEXT_RELOAD_INSTRUCTION);
  });
});

describe('readProviderInputTokens', () => {
  it('should read every usage shape and nothing else', () => {
    expect(
      [
        { inputTokens: 10 },
        { inputTokens: { total: 11 } },
        { input_tokens: 12 },
        { inputTokens: 0 },
        { inputTokens: Number.NaN },
        null,
        'x',
      ].map((usage) => readProviderInputTokens(usage)),
    ).toEqual([10, 11, 12, 0, undefined, undefined, undefined]);
  });
});
