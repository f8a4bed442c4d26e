import type { Message } from '../vocabulary/message/message';
import { describe, expect, it } from 'vitest';
import { rebaseMessages } from './rebase-messages';

const text = (id: string, role: Message['role'] = 'user'): Message => ({
  id,
  role,
  content: [{ type: 'text', text: id }],
});

const [m1, m2, m3, m4] = [
  text('m1'),
  text('m2', 'assistant'),
  text('m3'),
  text('m4', 'assistant'),
];
const summary = text('summary', 'assistant');
const before = [m1, m2, m3, m4];

describe('rebaseMessages', () => {
  it('should return the incoming list itself when nothing was compressed', () => {
    const incoming = [text('injected'), ...before];
    expect(rebaseMessages({ incoming, before, after: before })).toBe(incoming);
  });

  it('should keep injections at the front, after surviving anchors and at the end', () => {
    const incoming = [
      text('front'),
      m1,
      m2,
      text('after-m2'),
      m3,
      text('after-m3'),
      m4,
      text('end'),
    ];
    const after = [summary, m3, m4];
    expect(
      rebaseMessages({ incoming, before, after }).map((message) => message.id),
    ).toEqual(['front', 'after-m2', 'summary', 'm3', 'after-m3', 'm4', 'end']);
  });

  it('should keep a hook replacement unless the compression rewrote the message, and keep removals', () => {
    const replacedM3 = {
      ...m3,
      content: [{ type: 'text' as const, text: 'edited by a hook' }],
    };
    const replacedM4 = {
      ...m4,
      content: [{ type: 'text' as const, text: 'edited by a hook' }],
    };
    const compressedM4 = {
      ...m4,
      content: [{ type: 'text' as const, text: 'compressed' }],
    };
    const incoming = [m1, replacedM3, replacedM4];
    const after = [summary, m3, compressedM4];
    expect(rebaseMessages({ incoming, before, after })).toEqual([
      summary,
      replacedM3,
      compressedM4,
    ]);
  });
});
