import { describe, expect, it } from 'vitest';
import { fromTinyMessage, toTinyMessage } from './acm-tiny-middleware';
import { runExample } from './run-example';
import type { TinyMessage } from './tiny-framework';

describe('acmTinyMiddleware', () => {
  it('should compress the thread, reload an offloaded result and keep threads apart', async () => {
    expect(await runExample()).toStrictEqual({
      answer: 'The largest value is value_119.',
      modelCalls: 27,
      historyMessages: 53,
      lastPromptMessages: 5,
      strategies: ['clearToolUses'],
      reloadedCharacters: 20000,
      otherThreadAnswer: 'Hello! How can I help?',
    });
  });
});

describe('fromTinyMessage', () => {
  it.each<TinyMessage>([
    { role: 'system', text: 'You audit.' },
    { role: 'user', text: 'Which value?' },
    { role: 'assistant', text: 'Done.' },
    {
      role: 'assistant',
      text: '',
      toolCalls: [{ id: 'c1', name: 'read_file', input: { path: 'a.py' } }],
    },
    { role: 'tool', toolCallId: 'c1', toolName: 'read_file', text: 'x = 1' },
  ])(
    'should convert %j to a core message toTinyMessage turns back',
    (message) => {
      expect(toTinyMessage(fromTinyMessage(message, 'm0'))).toStrictEqual(
        message,
      );
    },
  );
});
