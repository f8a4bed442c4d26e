import { describe, expect, it } from 'vitest';
import { AutoContextMemory } from '../memory/facade/auto-context-memory';
import type { Message } from '../vocabulary/message/message';
import { sequentialIds } from '../testing/sequential-ids';
import { createApproximateTokenCounter } from '../state/token';
import { sampleMessages, syncMessages } from './sync-messages';

interface FrameworkMessage {
  readonly id?: string;
  readonly text: string;
}

const toCore = (
  messages: readonly FrameworkMessage[],
  { ids }: { readonly ids: readonly string[] },
): Message[] =>
  messages.map((message, index) => ({
    id: ids[index]!,
    role: 'user',
    content: [{ type: 'text', text: message.text }],
  }));

function setUp() {
  const memory = new AutoContextMemory({
    sessionId: 's',
    counter: createApproximateTokenCounter(),
    generateId: sequentialIds('g'),
  });
  const checked: number[] = [];
  const idOf = (message: FrameworkMessage, index: number) => {
    checked.push(index);
    return message.id ?? `p${index}-${message.text}`;
  };
  const sync = (
    messages: readonly FrameworkMessage[],
    lastView?: readonly FrameworkMessage[],
  ) => syncMessages({ memory, messages, idOf, convert: toCore, lastView });
  return { memory, sync, checked };
}

const list = (count: number): FrameworkMessage[] =>
  Array.from({ length: count }, (_, index) => ({ text: `t${index}` }));

describe('syncMessages', () => {
  it('should append only the new messages of a list that continues the original messages', async () => {
    const { memory, sync } = setUp();
    const messages = list(5);
    await sync(messages.slice(0, 3));
    const result = await sync(messages);
    expect(result.kind).toBe('appended');
    expect(result.anchor).toBe('original');
    expect(result.appended.map((message) => message.id)).toEqual([
      'p3-t3',
      'p4-t4',
    ]);
    expect(memory.getOriginalMessages()).toHaveLength(5);
  });

  it('should check the first message and the last sampleSize messages of the prefix only', async () => {
    const { sync, checked } = setUp();
    const messages = list(1000);
    await sync(messages.slice(0, 999));
    checked.length = 0;
    await sync(messages);
    // first, the last three of the 999-message prefix, then the new one
    expect(checked).toEqual([0, 998, 997, 996, 999]);
  });

  it('should recognise a list that continues the working messages by id', async () => {
    const { memory, sync } = setUp();
    await sync([
      { id: 'a', text: 'a' },
      { id: 'b', text: 'b' },
    ]);
    await memory.deleteMessage(0);
    const result = await sync([
      { id: 'b', text: 'b' },
      { id: 'c', text: 'c' },
    ]);
    expect([result.kind, result.anchor]).toEqual(['appended', 'working']);
    expect(memory.getOriginalMessages().map((message) => message.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('should recognise the last view handed out and append what follows it', async () => {
    const { memory, sync } = setUp();
    await sync(list(2));
    const view: FrameworkMessage[] = [{ text: 'summary' }];
    const result = await sync([...view, { text: 'next' }], view);
    expect([result.kind, result.anchor]).toEqual(['appended', 'view']);
    expect(result.appended.map((message) => message.id)).toEqual(['p2-next']);
    expect(memory.getOriginalMessages()).toHaveLength(3);
  });

  it('should clear the memory and take the whole list in when it continues nothing', async () => {
    const { memory, sync } = setUp();
    await sync(list(3));
    const result = await sync([{ text: 'edited' }]);
    expect([result.kind, result.anchor]).toEqual(['rebuilt', 'none']);
    expect(memory.getOriginalMessages().map((message) => message.id)).toEqual([
      'p0-edited',
    ]);
  });

  it('should append nothing for the same list twice', async () => {
    const { sync } = setUp();
    await sync(list(3));
    const result = await sync(list(3));
    expect([result.kind, result.appended]).toEqual(['appended', []]);
  });

  it('should leave the messages before offset out and count positions from it', async () => {
    const { memory, checked } = setUp();
    const idOf = (message: FrameworkMessage, index: number) => {
      checked.push(index);
      return `p${index}-${message.text}`;
    };
    const system = { text: 'system' };
    const messages = list(4);
    await syncMessages({
      memory,
      messages: [system, ...messages.slice(0, 3)],
      offset: 1,
      idOf,
      convert: toCore,
    });
    checked.length = 0;
    const result = await syncMessages({
      memory,
      messages: [system, ...messages],
      offset: 1,
      idOf,
      convert: toCore,
    });
    expect([result.kind, result.anchor]).toEqual(['appended', 'original']);
    expect(checked).toEqual([0, 2, 1, 3]);
    expect(memory.getOriginalMessages().map((message) => message.id)).toEqual([
      'p0-t0',
      'p1-t1',
      'p2-t2',
      'p3-t3',
    ]);
  });

  it('should recognise the previous list from its sample without computing an id', async () => {
    const { memory, checked } = setUp();
    const idOf = (message: FrameworkMessage, index: number) => {
      checked.push(index);
      return `p${index}-${message.text}`;
    };
    const messages = list(6);
    await syncMessages({
      memory,
      messages: messages.slice(0, 5),
      idOf,
      convert: toCore,
    });
    checked.length = 0;
    const copies = messages.map((message) => ({ ...message }));
    const result = await syncMessages({
      memory,
      messages: copies,
      idOf,
      convert: toCore,
      lastInput: sampleMessages(messages.slice(0, 5), 0, 3),
      isSameMessage: (left, right) => left.text === right.text,
    });
    expect([result.kind, result.anchor]).toEqual(['appended', 'input']);
    expect(checked).toEqual([5]);
  });
});
