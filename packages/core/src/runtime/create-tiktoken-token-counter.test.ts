import { describe, expect, it, vi } from 'vitest';
import type { Message } from '../vocabulary/message/message';
import { createJsTiktokenTokenCounter } from './create-js-tiktoken-token-counter';
import { createTiktokenTokenCounter } from './create-tiktoken-token-counter';
import {
  isTiktokenEncoderLoaded,
  loadTiktokenEncoder,
} from './load-tiktoken-encoder';

/** Stands in for the real encoder: one token a character. */
const loadCharacterEncoder = () => ({
  countTokens: (text: string) => Array.from(text).length,
});

const userMessage = (id: string, text: string): Message => ({
  id,
  role: 'user',
  content: [{ type: 'text', text }],
});

describe('createTiktokenTokenCounter', () => {
  // Runs first in this file: nothing else here loads cl100k_base before it.
  it('should load the process encoder on the first count, not at construction', () => {
    const counter = createTiktokenTokenCounter({ encoding: 'cl100k_base' });
    const loadedAtConstruction = isTiktokenEncoderLoaded('cl100k_base');
    const count = counter.countText('Hello World');
    expect(loadedAtConstruction).toBe(false);
    expect(isTiktokenEncoderLoaded('cl100k_base')).toBe(true);
    expect(count).toBe(2);
  });

  it('should call a given loader once, on the first count', () => {
    const loadEncoder = vi.fn(loadCharacterEncoder);
    const counter = createTiktokenTokenCounter({ loadEncoder });
    const callsAtConstruction = loadEncoder.mock.calls.length;
    const first = counter.countText('Hello World');
    counter.countText('Hello again');
    expect(callsAtConstruction).toBe(0);
    expect(loadEncoder.mock.calls).toEqual([['o200k_base']]);
    expect(first).toBe(11);
    expect(counter.load).toBeUndefined();
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
      const counter = createTiktokenTokenCounter();
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
    const counter = createTiktokenTokenCounter();
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
    const counter = createTiktokenTokenCounter();
    // 3 + 'user' 1 + 'Hello World' 2
    expect(counter.countMessage(userMessage('m1', 'Hello World'))).toBe(6);
  });

  it('should share one encoder between counters and across calls', () => {
    expect(loadTiktokenEncoder('o200k_base')).toBe(
      loadTiktokenEncoder('o200k_base'),
    );
    expect(loadTiktokenEncoder('o200k_base')).not.toBe(
      loadTiktokenEncoder('cl100k_base'),
    );
  });

  it('should share per-message counts between counters with the same options only', () => {
    const encoder = loadTiktokenEncoder('o200k_base');
    const message = userMessage('shared', 'Hello World, once per process');
    const first = createTiktokenTokenCounter().countMessage(message);
    const countTokens = vi.spyOn(encoder, 'countTokens');
    const second = createTiktokenTokenCounter().countMessage(message);
    const callsForSameOptions = countTokens.mock.calls.length;
    const withOtherOverhead = createTiktokenTokenCounter({
      messageOverhead: 4,
    }).countMessage(message);
    expect(second).toBe(first);
    expect(callsForSameOptions).toBe(0);
    expect(withOtherOverhead).toBe(first + 1);
    expect(countTokens.mock.calls.length).toBeGreaterThan(0);
  });

  it('should resolve load() once the shared encoder is loaded', async () => {
    const counter = createTiktokenTokenCounter();
    await counter.load?.();
    expect(typeof counter.load).toBe('function');
    expect(isTiktokenEncoderLoaded('o200k_base')).toBe(true);
  });
});

describe('createJsTiktokenTokenCounter', () => {
  it.each([
    'Hello World',
    '{"path":"src/index.ts","line":42}',
    '你好，世界',
    '<|endoftext|> and <|im_start|>',
  ])('should count %j like the default counter', (text) => {
    const counter = createJsTiktokenTokenCounter();
    expect(counter.countText(text)).toBe(
      createTiktokenTokenCounter().countText(text),
    );
    expect(counter.name).toBe('js-tiktoken:o200k_base');
  });

  it('should count cl100k_base tokens after load()', async () => {
    const counter = createJsTiktokenTokenCounter({ encoding: 'cl100k_base' });
    await counter.load?.();
    expect(counter.countText('你好，世界')).toBe(6);
  });
});
