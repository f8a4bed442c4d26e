import { describe, expect, it } from 'vitest';
import { answerFromResponse } from './answer-from-response';
import { createAnswerCollector } from './create-answer-collector';

const signature = { anthropic: { signature: 'sig' } };

describe('answerFromResponse', () => {
  it('should write a final answer as the assistant message of the next prompt', () => {
    expect(
      answerFromResponse([
        { type: 'reasoning', text: 'Think.', providerMetadata: signature },
        { type: 'text', text: '' },
        { type: 'source', sourceType: 'url', url: 'https://x' },
        { type: 'text', text: 'Done.' },
      ]),
    ).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Think.', providerOptions: signature },
        { type: 'text', text: 'Done.' },
      ],
    });
  });

  it('should leave a result with tool calls or without content unrecorded', () => {
    expect(
      answerFromResponse([
        { type: 'text', text: 'Looking.' },
        { type: 'tool-call', toolCallId: 'c', toolName: 't', input: '{}' },
      ]),
    ).toBeUndefined();
    expect(answerFromResponse([])).toBeUndefined();
    expect(answerFromResponse(undefined)).toBeUndefined();
  });
});

describe('createAnswerCollector', () => {
  it('should collect streamed parts in the order they started, with their last metadata', () => {
    const collector = createAnswerCollector();
    for (const chunk of [
      { type: 'stream-start', warnings: [] },
      { type: 'reasoning-start', id: 'r' },
      { type: 'text-start', id: 't' },
      { type: 'reasoning-delta', id: 'r', delta: 'Thi' },
      { type: 'text-delta', id: 't', delta: 'Do' },
      { type: 'reasoning-delta', id: 'r', delta: 'nk.' },
      { type: 'reasoning-end', id: 'r', providerMetadata: signature },
      { type: 'text-delta', id: 't', delta: 'ne.' },
      { type: 'text-end', id: 't' },
      { type: 'finish' },
    ]) {
      collector.add(chunk);
    }
    expect(answerFromResponse(collector.content())).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Think.', providerOptions: signature },
        { type: 'text', text: 'Done.' },
      ],
    });
  });
});
