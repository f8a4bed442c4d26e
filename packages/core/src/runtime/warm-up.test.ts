import { describe, expect, it, vi } from 'vitest';
import { createAutoContextMemory } from '../memory/facade/create-auto-context-memory';
import { fixedClock } from '../testing/fixed-clock';
import { sequentialIds } from '../testing/sequential-ids';
import { createApproximateTokenCounter } from '../state/token/create-approximate-token-counter';
import type { TokenCounter } from '../state/token/token-counter';
import { isTiktokenEncoderLoaded } from './load-tiktoken-encoder';
import { warmUp } from './warm-up';

describe('warmUp', () => {
  // Runs first in this file: nothing here loads cl100k_base before it.
  it('should load the shared encoders it is asked for, once', async () => {
    const before = isTiktokenEncoderLoaded('cl100k_base');
    await Promise.all([
      warmUp({ encodings: ['cl100k_base'] }),
      warmUp({ encodings: ['cl100k_base'] }),
    ]);
    expect(before).toBe(false);
    expect(isTiktokenEncoderLoaded('cl100k_base')).toBe(true);
  });

  it('should load o200k_base by default', async () => {
    await warmUp();
    expect(isTiktokenEncoderLoaded('o200k_base')).toBe(true);
  });
});

describe('AutoContextMemory with a counter that must load', () => {
  const loadingCounter = () => {
    const approximate = createApproximateTokenCounter();
    const calls: string[] = [];
    const counter: TokenCounter = {
      name: 'loading',
      countText: (text) => approximate.countText(text),
      countMessage: (message) => approximate.countMessage(message),
      countMessages: (messages) => {
        calls.push('count');
        return approximate.countMessages(messages);
      },
      load: vi.fn(() => {
        calls.push('load');
        return Promise.resolve();
      }),
    };
    return { counter, calls };
  };
  const newMemory = (counter: TokenCounter) =>
    createAutoContextMemory({
      sessionId: 's1',
      counter,
      clock: fixedClock(0),
      generateId: sequentialIds('id'),
    });

  it('should await load() before compressIfNeeded counts', async () => {
    const { counter, calls } = loadingCounter();
    const memory = newMemory(counter);
    await memory.addMessage({
      id: 'm1',
      role: 'user',
      content: [{ type: 'text', text: 'hello' }],
    });
    await memory.compressIfNeeded();
    expect(calls[0]).toBe('load');
    expect(calls.slice(1).every((call) => call === 'count')).toBe(true);
    expect(calls.length).toBeGreaterThan(1);
  });

  it('should await load() before previewCompression counts', async () => {
    const { counter, calls } = loadingCounter();
    await newMemory(counter).previewCompression();
    expect(calls[0]).toBe('load');
    expect(counter.load).toHaveBeenCalledTimes(1);
  });
});
