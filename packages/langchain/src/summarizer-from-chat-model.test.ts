import { fakeModel } from '@langchain/core/testing';
import { AIMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { summarizerFromChatModel } from './summarizer-from-chat-model';

describe('summarizerFromChatModel', () => {
  it('should send the instructions as a system message and the transcript as one human message', async () => {
    const model = fakeModel().respond(
      new AIMessage({
        content: 'Short summary.',
        usage_metadata: {
          input_tokens: 120,
          output_tokens: 4,
          total_tokens: 124,
        },
      }),
    );
    const summarizer = summarizerFromChatModel(model);
    const controller = new AbortController();
    const result = await summarizer({
      instructions: 'Summarize.',
      transcript: '[user]\nhello',
      planHint: 'Step 1: fix it',
      signal: controller.signal,
    });
    expect(result).toEqual({
      text: 'Short summary.',
      usage: { inputTokens: 120, outputTokens: 4 },
    });
    const [call] = model.calls;
    expect(call?.messages.map((message) => message.type)).toEqual([
      'system',
      'human',
    ]);
    expect(call?.messages[0]?.text).toBe('Summarize.');
    expect(call?.messages[1]?.text).toContain('[user]\nhello');
    expect(call?.messages[1]?.text).toContain('Step 1: fix it');
    expect(call?.options).toMatchObject({ signal: controller.signal });
  });

  it('should return no usage when the model reports none', async () => {
    const summarizer = summarizerFromChatModel(
      fakeModel().respond(new AIMessage('ok')),
    );
    expect(
      await summarizer({
        instructions: 'i',
        transcript: 't',
        signal: new AbortController().signal,
      }),
    ).toEqual({ text: 'ok' });
  });

  it('should reject when the model call fails', async () => {
    const summarizer = summarizerFromChatModel(
      fakeModel().respond(new Error('rate limited')),
    );
    await expect(
      summarizer({
        instructions: 'i',
        transcript: 't',
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow('rate limited');
  });
});
