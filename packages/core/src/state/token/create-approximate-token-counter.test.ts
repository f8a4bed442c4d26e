import { describe, expect, it } from 'vitest';
import { createApproximateTokenCounter } from './create-approximate-token-counter';

describe('createApproximateTokenCounter', () => {
  it('should count messages with the approximate text formula', () => {
    const counter = createApproximateTokenCounter();

    // 3 overhead + 'user' 1 + 'Hello World' 2
    expect(
      counter.countMessage({
        id: 'm1',
        role: 'user',
        content: [{ type: 'text', text: 'Hello World' }],
      }),
    ).toBe(6);
    expect(counter.name).toBe('approximate');
  });

  it('should pass the overhead options on', () => {
    const counter = createApproximateTokenCounter({ messageOverhead: 10 });

    expect(counter.countMessage({ id: 'm1', role: 'user', content: [] })).toBe(
      11,
    );
  });
});
