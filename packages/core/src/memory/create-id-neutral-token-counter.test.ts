import { describe, expect, it } from 'vitest';
import type { Message } from '../message/message';
import { createApproximateTokenCounter } from '../token/create-approximate-token-counter';
import { createIdNeutralTokenCounter } from './create-id-neutral-token-counter';

const counter = createIdNeutralTokenCounter({
  counter: createApproximateTokenCounter(),
  sessionTag: '3fa2b7c1',
});

function stub(id: string): Message {
  return {
    id: 'm',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call-1',
        toolName: 'bash',
        output: `done\n<!-- CONTEXT_OFFLOAD: uuid=3fa2b7c1_${id} -->`,
      },
    ],
  };
}

describe('createIdNeutralTokenCounter', () => {
  it('should count every id of the session at the same width, whatever its length or characters', () => {
    const counts = [
      '0',
      'zz',
      '9e8d0c4b5a6f7e8d9c0b1a2f3e4d5c6b',
      'x'.repeat(90),
    ].map((id) => counter.countMessage(stub(id)));
    expect(new Set(counts).size).toBe(1);
    expect(counter.countText('see 3fa2b7c1_1 and 3fa2b7c1_abcdef')).toBe(
      counter.countText('see 3fa2b7c1_77 and 3fa2b7c1_0'),
    );
    expect(counter.countMessages([stub('1'), stub('2')])).toBe(2 * counts[0]!);
  });

  it('should count text without a session id like the wrapped counter', () => {
    const inner = createApproximateTokenCounter();
    const message: Message = {
      id: 'u',
      role: 'user',
      content: [
        { type: 'text', text: 'uuid=ffffffff_123 belongs to another session' },
      ],
    };
    expect(counter.countMessage(message)).toBe(inner.countMessage(message));
    expect(counter.countMessages([message])).toBe(
      inner.countMessages([message]),
    );
  });
});
