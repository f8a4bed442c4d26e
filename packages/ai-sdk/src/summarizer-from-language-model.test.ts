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

  it('should leave unset options out of the call and join only the text parts of the answer', async () => {
    const calls: Parameters<SummarizerLanguageModel['doGenerate']>[0][] = [];
    const signal = new AbortController().signal;
    const model: SummarizerLanguageModel = {
      specificationVersion: 'v3',
      doGenerate(options) {
        calls.push(options);
        return Promise.resolve({
          content: [
            { type: 'reasoning', text: 'thinking' },
            { type: 'text', text: 'a ' },
            null,
            { type: 'tool-call', toolName: 'x' },
            { type: 'text', text: 'b' },
          ],
          usage: { inputTokens: { total: 7 }, outputTokens: { total: 2 } },
        });
      },
    };
    const result = await summarizerFromLanguageModel(model)({
      instructions: 'S',
      transcript: 'text',
      signal,
    });

    expect(result.text).toBe('a b');
    expect(calls[0]).toEqual({
      prompt: [
        { role: 'system', content: 'S' },
        { role: 'user', content: [{ type: 'text', text: expect.any(String) }] },
      ],
      abortSignal: signal,
    });
    expect(Object.keys(calls[0]!)).toEqual(['prompt', 'abortSignal']);
    expect(calls[0]!.abortSignal).toBe(signal);
  });
});
