import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { createTiktokenTokenCounter } from './create-tiktoken-token-counter';

const require = createRequire(import.meta.url);

/** Shared so that the o200k_base ranks load once for this file. */
const o200kCounter = createTiktokenTokenCounter();

/** Stands in for the real encoder: one token a character. */
const loadCharacterEncoder = () => ({
  encode: (text: string) => Array.from(text, () => 0),
});

describe('createTiktokenTokenCounter', () => {
  // Runs first in this file: nothing else here loads cl100k_base before it.
  it('should load the rank file on the first count, not at construction', () => {
    const ranksPath = require.resolve('js-tiktoken/ranks/cl100k_base');
    const counter = createTiktokenTokenCounter({ encoding: 'cl100k_base' });
    const loadedAtConstruction = ranksPath in require.cache;

    const count = counter.countText('Hello World');

    expect(loadedAtConstruction).toBe(false);
    expect(ranksPath in require.cache).toBe(true);
    expect(count).toBe(2);
  });

  it('should call the loader once, on the first count', () => {
    const loadEncoder = vi.fn(loadCharacterEncoder);
    const counter = createTiktokenTokenCounter({ loadEncoder });
    const callsAtConstruction = loadEncoder.mock.calls.length;

    const first = counter.countText('Hello World');
    counter.countText('Hello again');

    expect(callsAtConstruction).toBe(0);
    expect(loadEncoder.mock.calls).toEqual([['o200k_base']]);
    expect(first).toBe(11);
  });

  it('should not load anything to count an empty text', () => {
    const loadEncoder = vi.fn(loadCharacterEncoder);
    const counter = createTiktokenTokenCounter({ loadEncoder });

    expect(counter.countText('')).toBe(0);
    expect(loadEncoder).not.toHaveBeenCalled();
  });

  it.each([
    { text: 'Hello World', expected: 2 },
    { text: 'The quick brown fox jumps over the lazy dog.', expected: 10 },
    { text: '{"path":"src/index.ts"}', expected: 7 },
    { text: '你好，世界', expected: 3 },
    { text: 'call_1', expected: 3 },
  ])(
    'should count $expected o200k_base tokens for $text',
    ({ text, expected }) => {
      const counter = o200kCounter;

      expect(counter.countText(text)).toBe(expected);
      expect(counter.name).toBe('tiktoken:o200k_base');
    },
  );

  it('should count cl100k_base tokens', () => {
    const counter = createTiktokenTokenCounter({ encoding: 'cl100k_base' });

    expect(counter.countText('你好，世界')).toBe(6);
    expect(counter.name).toBe('tiktoken:cl100k_base');
  });

  it('should count special-token text as plain text without throwing', () => {
    const counter = o200kCounter;

    expect(counter.countText('<|endoftext|>')).toBe(7);
    expect(counter.countText('a<|im_start|>b')).toBe(8);
    expect(
      counter.countMessage({
        id: 'm1',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'bash',
            output: '<|endoftext|>',
          },
        ],
      }),
      // 3 + 'tool' 1 + (3 + 'bash' 1 + 'call_1' 3 + 7)
    ).toBe(18);
  });

  it('should count a message with its overhead and role', () => {
    const counter = o200kCounter;

    // 3 + 'user' 1 + 'Hello World' 2
    expect(
      counter.countMessage({
        id: 'm1',
        role: 'user',
        content: [{ type: 'text', text: 'Hello World' }],
      }),
    ).toBe(6);
  });
});
