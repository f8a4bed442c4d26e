import { describe, expect, it } from 'vitest';
import type { Message } from '../../vocabulary/message/message';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import { getSessionTag } from '../../state/offload/session-tag';
import { formatOffloadTag } from '../../state/offload/format-offload-tag';
import { randomId } from '../../runtime/random-id';
import { createTiktokenTokenCounter } from '../../runtime/create-tiktoken-token-counter';
import { createIdNeutralTokenCounter } from './create-id-neutral-token-counter';
import { createScopedIdGenerator } from './create-scoped-id-generator';

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

  it('should find ids nested anywhere in a tool call input, keys included, and leave other inputs alone', () => {
    const inner = createApproximateTokenCounter();
    const call = (input: unknown): Message => ({
      id: 'a',
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: 'c', toolName: 'reload', input },
      ],
    });
    const nested = (id: string) => ({
      args: [{ ids: ['x', `3fa2b7c1_${id}`] }],
    });
    const keyed = (id: string) => ({ [`3fa2b7c1_${id}`]: true });
    expect(counter.countMessage(call(nested('1')))).toBe(
      counter.countMessage(call(nested('9e8d0c4b5a6f7e8d9c0b1a2f3e4d5c6b'))),
    );
    expect(counter.countMessage(call(keyed('1')))).toBe(
      counter.countMessage(call(keyed('zz'.repeat(20)))),
    );
    const plain = call({ args: [{ ids: ['x', 'ffffffff_1'] }], n: 3 });
    expect(counter.countMessage(plain)).toBe(inner.countMessage(plain));
  });

  it('should count the ids of every session alike, whatever its session tag', () => {
    const tags = ['3fa2b7c1', '00000000', 'ffffffff', 'a1b2c3d4'];
    const counts = tags.map((tag) =>
      createIdNeutralTokenCounter({
        counter: createApproximateTokenCounter(),
        sessionTag: tag,
      }).countText(`done\n${formatOffloadTag(`${tag}_${randomId()}`)}`),
    );
    expect(new Set(counts).size).toBe(1);
  });

  it('should never count a default id below what it costs in o200k_base, wherever it is written', async () => {
    const exact = createTiktokenTokenCounter();
    await exact.load?.();
    // Where ids are written: ACM's reload tags, a model's reload call (JSON),
    // and prose, code and lists around them.
    const contexts = [
      (id: string) => `done\n${formatOffloadTag(id)}`,
      (id: string) => JSON.stringify({ id }),
      (id: string) => JSON.stringify({ ids: [id, id] }),
      (id: string) => `Reload ${id}.`,
      (id: string) => `(see \`${id}\`),\n- ${id}: '${id}'`,
      (id: string) => `[${id}]\t/${id}/ <${id}> **${id}**`,
    ];
    let worst = Number.NEGATIVE_INFINITY;
    for (let session = 0; session < 40; session += 1) {
      const sessionId = randomId();
      const neutral = createIdNeutralTokenCounter({
        counter: exact,
        sessionTag: getSessionTag(sessionId),
      });
      const generateId = createScopedIdGenerator({
        sessionId,
        generateId: randomId,
      });
      for (let draw = 0; draw < 25; draw += 1) {
        const id = generateId();
        for (const context of contexts) {
          const text = context(id);
          worst = Math.max(
            worst,
            exact.countText(text) - neutral.countText(text),
          );
        }
      }
    }
    expect(worst).toBeLessThanOrEqual(0);
  });
});
