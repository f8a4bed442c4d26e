import { describe, expect, it } from 'vitest';
import { fromLangChainMessages } from './from-langchain-messages';

describe('fromLangChainMessages', () => {
  it('should give id-less messages their position after offset and keep given ids', () => {
    const messages = [
      { type: 'human', content: 'Hi.' },
      { type: 'ai', content: 'Hello.', id: 'run-1' },
      { type: 'human', content: 'Bye.' },
    ];
    expect(
      fromLangChainMessages(messages, { offset: 10 }).map(({ id }) => id),
    ).toEqual(['lc-10', 'run-1', 'lc-12']);
    expect(fromLangChainMessages(messages).map(({ id }) => id)).toEqual([
      'lc-0',
      'run-1',
      'lc-2',
    ]);
    expect(
      fromLangChainMessages(messages, {
        offset: 10,
        generateId: (index) => `turn-${index}`,
      }).map(({ id }) => id),
    ).toEqual(['turn-0', 'run-1', 'turn-2']);
  });
});
