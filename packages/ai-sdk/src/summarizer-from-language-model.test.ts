import { describe, expect, it } from 'vitest';
import { summarizerFromLanguageModel } from './summarizer-from-language-model';
import type { SummarizerLanguageModel } from './summarizer-from-language-model';

function recordingModel() {
  const calls: Parameters<SummarizerLanguageModel['doGenerate']>[0][] = [];
  const model: SummarizerLanguageModel = {
    specificationVersion: 'v2',
    doGenerate(options) {
      calls.push(options);
      return Promise.resolve({ content: [{ type: 'text', text: 'short' }] });
    },
  };
  return { model, calls };
}

describe('summarizerFromLanguageModel', () => {
  it("should send the request's output limit when no maxOutputTokens is set", async () => {
    const { model, calls } = recordingModel();
    const result = await summarizerFromLanguageModel(model)({
      instructions: 'S',
      transcript: 'text',
      maxOutputTokens: 123,
      signal: new AbortController().signal,
    });

    expect(result).toEqual({ text: 'short' });
    expect(calls[0]!.maxOutputTokens).toBe(123);
  });

  it('should let an explicit maxOutputTokens win', async () => {
    const { model, calls } = recordingModel();
    await summarizerFromLanguageModel(model, { maxOutputTokens: 50 })({
      instructions: 'S',
      transcript: 'text',
      maxOutputTokens: 123,
      signal: new AbortController().signal,
    });

    expect(calls[0]!.maxOutputTokens).toBe(50);
  });
});
