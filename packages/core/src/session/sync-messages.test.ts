import { describe, expect, it } from 'vitest';
import { AutoContextMemory } from '../memory/facade/auto-context-memory';
import type { Message } from '../vocabulary/message/message';
import { sequentialIds } from '../testing/sequential-ids';
import { createApproximateTokenCounter } from '../state/token';
import { HistoryMismatchError } from '../vocabulary/error/history-mismatch-error';
import { InvalidMessageError } from '../vocabulary/error/invalid-message-error';
import { withAcmMarker } from '../vocabulary/message/acm-marker';
import { getMessageText } from '../vocabulary/message/message-text';
import type { HistoryMismatchEvent } from './history-options';
import { sampleMessages, syncMessages } from './sync-messages';
import type { SyncMessagesOptions } from './sync-messages';

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

  it('should refuse a list that continues nothing, name where it parts and change nothing', async () => {
    const { memory, sync } = setUp();
    await sync(list(3));
    const revision = memory.getRevision();
    const error = await sync([{ text: 'edited' }]).catch(
      (caught: unknown) => caught,
    );
    expect(HistoryMismatchError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'HISTORY_MISMATCH',
      sessionId: 's',
      history: 'mirror',
      reason: 'diverged',
      storedCount: 3,
      receivedCount: 1,
      divergedAt: 0,
      stored: { id: 'p0-t0', role: 'user' },
      received: { id: 'p0-edited', role: 'user' },
    });
    expect((error as Error).message).toBe(
      `Session "s" (history: 'mirror') expected the full history, starting with its 3 messages; 1 message arrived and they part at message 0: stored user "p0-t0", received user "p0-edited". Nothing was changed: set history: 'append' if the app sends only the new messages, or onMismatch: 'replace' to start over (the dropped messages are archived behind a reload id).`,
    );
    expect(memory.getRevision()).toBe(revision);
    expect(memory.getOriginalMessages().map((message) => message.id)).toEqual([
      'p0-t0',
      'p1-t1',
      'p2-t2',
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

/** A memory holding `count` messages (`p<i>-t<i>`) and a sync with history options. */
async function setUpHistory(
  count: number,
  options: Partial<SyncMessagesOptions<FrameworkMessage>> = {},
) {
  const { memory } = setUp();
  const events: HistoryMismatchEvent[] = [];
  const idOf = (message: FrameworkMessage, index: number) =>
    message.id ?? `p${index}-${message.text}`;
  const sync = (messages: readonly FrameworkMessage[]) =>
    syncMessages({
      memory,
      messages,
      idOf,
      convert: toCore,
      onHistoryMismatch: (event) => events.push(event),
      ...options,
    });
  await sync(list(count));
  const ids = () => memory.getOriginalMessages().map((message) => message.id);
  return { memory, sync, events, ids };
}

describe('syncMessages history', () => {
  it("should refuse, in 'mirror' mode, the history cut short (a regenerate) as 'shorter'", async () => {
    const { sync, events } = await setUpHistory(4);
    await expect(sync(list(3))).rejects.toMatchObject({
      reason: 'shorter',
      divergedAt: 3,
      stored: { id: 'p3-t3' },
      received: undefined,
    });
    expect(events.map((event) => [event.outcome, event.reason])).toEqual([
      ['error', 'shorter'],
    ]);
  });

  it("should start over with onMismatch 'replace', archive what it drops behind one reload id and say so", async () => {
    const { memory, sync, events, ids } = await setUpHistory(4, {
      onMismatch: 'replace',
    });
    const dropped = memory.getOriginalMessages().slice(2);
    // A regenerate of message 2 with new content: messages 0 and 1 are kept.
    const result = await sync([...list(2), { text: 'other' }]);
    expect(result).toMatchObject({
      kind: 'replaced',
      anchor: 'none',
      storedBefore: 0,
      mismatch: { reason: 'diverged', divergedAt: 2 },
      dropped: { count: 2, ids: ['p2-t2', 'p3-t3'] },
    });
    expect(ids()).toEqual(['p0-t0', 'p1-t1', 'p2-other']);
    const archiveId = result.dropped!.archiveId!;
    expect(memory.reload(archiveId)).toEqual(dropped);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'history-mismatch',
        outcome: 'replace',
        divergedAt: 2,
        dropped: { count: 2, ids: ['p2-t2', 'p3-t3'], archiveId },
      }),
    ]);
  });

  it("should leave the memory as it was when 'replace' meets a list core cannot hold", async () => {
    const { memory, sync, ids } = await setUpHistory(3, {
      onMismatch: 'replace',
    });
    const revision = memory.getRevision();
    await expect(
      sync([
        { id: 'twice', text: 'a' },
        { id: 'twice', text: 'b' },
      ]),
    ).rejects.toBeInstanceOf(InvalidMessageError);
    expect(memory.getRevision()).toBe(revision);
    expect(ids()).toEqual(['p0-t0', 'p1-t1', 'p2-t2']);
  });

  it('should part the list at an edited message that keeps its id, and archive the stored version on replace', async () => {
    const { memory, events, ids } = await setUpHistory(0, {
      history: 'append',
      onMismatch: 'replace',
    });
    const sync = (messages: readonly FrameworkMessage[]) =>
      syncMessages({
        memory,
        messages,
        idOf: (message, index) => message.id ?? `p${index}`,
        convert: toCore,
        history: 'append',
        onMismatch: 'replace',
        onHistoryMismatch: (event) => events.push(event),
      });
    await sync([
      { id: 'a', text: 'one' },
      { id: 'b', text: 'two' },
      { id: 'c', text: 'three' },
    ]);
    const dropped = memory.getOriginalMessages().slice(1);
    // A regenerate from an edited second message (LangGraph keeps its id).
    const result = await sync([
      { id: 'a', text: 'one' },
      { id: 'b', text: 'two, edited' },
    ]);
    expect(result.mismatch).toMatchObject({
      reason: 'diverged',
      divergedAt: 1,
    });
    expect(ids()).toEqual(['a', 'b']);
    expect(memory.reload(result.dropped!.archiveId!)).toEqual(dropped);
  });

  it.each(['mirror', 'append'] as const)(
    "should not take, in '%s' mode, an edit of the newest message that keeps its id for the stored one",
    async (history) => {
      const { memory } = setUp();
      const sync = (messages: readonly FrameworkMessage[]) =>
        syncMessages({
          memory,
          messages,
          idOf: (message, index) => message.id ?? `p${index}`,
          convert: toCore,
          history,
        });
      const stored = [
        { id: 'a', text: 'one' },
        { id: 'b', text: 'two' },
        { id: 'c', text: 'three' },
      ];
      await sync(stored);
      const edited = { id: 'c', text: 'three, edited' };
      await expect(
        sync([...stored.slice(0, 2), edited, { id: 'd', text: 'answer' }]),
      ).rejects.toMatchObject({ reason: 'diverged', divergedAt: 2 });
      expect(
        memory.getOriginalMessages().map((message) => getMessageText(message)),
      ).toEqual(['one', 'two', 'three']);
    },
  );

  it("should not take, in 'append' mode, an edited newest message for a retry of it", async () => {
    const { memory } = setUp();
    const sync = (messages: readonly FrameworkMessage[]) =>
      syncMessages({
        memory,
        messages,
        idOf: (message, index) => message.id ?? `p${index}`,
        convert: toCore,
        history: 'append',
      });
    await sync([
      { id: 'a', text: 'one' },
      { id: 'b', text: 'two' },
    ]);
    await expect(
      sync([{ id: 'b', text: 'two, edited' }]),
    ).rejects.toMatchObject({ code: 'HISTORY_MISMATCH', reason: 'foreign' });
    // The same message again is a retry: nothing stored twice.
    const retry = await sync([{ id: 'b', text: 'two' }]);
    expect([retry.anchor, retry.appended]).toEqual(['tail', []]);
    expect(memory.getOriginalMessages()).toHaveLength(2);
  });

  it("should report a mismatch unapplied with onMismatch 'report'", async () => {
    const { memory, sync, events } = await setUpHistory(3, {
      onMismatch: 'report',
    });
    const revision = memory.getRevision();
    const result = await sync([{ text: 'new' }]);
    expect(result).toMatchObject({
      kind: 'mismatch',
      appended: [],
      mismatch: { reason: 'diverged', divergedAt: 0, storedCount: 3 },
    });
    expect(memory.getRevision()).toBe(revision);
    expect(events).toEqual([]);
  });

  it("should append, in 'append' mode, only the new message onto the stored history", async () => {
    const { sync, ids } = await setUpHistory(9, { history: 'append' });
    const result = await sync([{ text: 'new' }]);
    expect(result).toMatchObject({
      kind: 'appended',
      anchor: 'none',
      storedBefore: 9,
    });
    expect(result.appended.map((message) => message.id)).toEqual(['p9-new']);
    expect(ids()).toHaveLength(10);
  });

  it("should not store twice, in 'append' mode, the messages a retry or a loop's next step sends again", async () => {
    const { sync, ids } = await setUpHistory(4, { history: 'append' });
    await sync([{ text: 'question' }]);
    // The retry of the same call.
    const retry = await sync([{ text: 'question' }]);
    expect([retry.anchor, retry.appended]).toEqual(['tail', []]);
    // The next step of a tool loop: the question, a call and its result.
    const step = await sync([
      { text: 'question' },
      { text: 'call' },
      { text: 'result' },
    ]);
    expect([step.anchor, step.storedBefore]).toEqual(['tail', 4]);
    expect(ids()).toEqual([
      'p0-t0',
      'p1-t1',
      'p2-t2',
      'p3-t3',
      'p4-question',
      'p5-call',
      'p6-result',
    ]);
  });

  it("should recognise, in 'append' mode, the whole history sent again", async () => {
    const { sync, ids } = await setUpHistory(4, { history: 'append' });
    const result = await sync([...list(4), { text: 'new' }]);
    expect([result.anchor, result.storedBefore]).toEqual(['original', 0]);
    expect(ids()).toHaveLength(5);
  });

  it("should recognise the previous list in 'append' mode without computing an id", async () => {
    const { memory, checked } = setUp();
    const idOf = (message: FrameworkMessage, index: number) => {
      checked.push(index);
      return `p${index}-${message.text}`;
    };
    await memory.addMessages(
      toCore(list(5), { ids: list(5).map((_, i) => `s${i}`) }),
    );
    const step1 = [{ text: 'question' }];
    await syncMessages({
      memory,
      messages: step1,
      idOf,
      convert: toCore,
      history: 'append',
    });
    checked.length = 0;
    const result = await syncMessages({
      memory,
      messages: [{ text: 'question' }, { text: 'answer' }],
      idOf,
      convert: toCore,
      history: 'append',
      lastInput: sampleMessages(step1, 0, 3, memory.getOriginalMessageCount()),
      isSameMessage: (left, right) => left.text === right.text,
    });
    expect([result.anchor, result.storedBefore]).toEqual(['input', 5]);
    expect(checked).toEqual([6]);
  });

  it("should refuse, in 'append' mode, a history that repeats the stored start and then leaves it", async () => {
    const { memory, sync } = await setUpHistory(4, { history: 'append' });
    const revision = memory.getRevision();
    await expect(sync([...list(2), { text: 'edited' }])).rejects.toMatchObject({
      history: 'append',
      reason: 'diverged',
      divergedAt: 2,
    });
    expect(memory.getRevision()).toBe(revision);
  });

  it("should refuse, in 'append' mode, ACM's own messages the memory does not hold", async () => {
    const { memory } = await setUpHistory(3, { history: 'append' });
    const revision = memory.getRevision();
    const summary: FrameworkMessage = { id: 'elsewhere', text: 'summary' };
    const error = await syncMessages({
      memory,
      messages: [summary, { text: 'new' }],
      idOf: (message, index) => message.id ?? `p${index}-${message.text}`,
      convert: (messages, context) =>
        toCore(messages, context).map((message) =>
          message.id === 'elsewhere'
            ? withAcmMarker(message, {
                kind: 'rollup',
                strategy: 'rollupHistory',
              })
            : message,
        ),
      history: 'append',
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'HISTORY_MISMATCH',
      reason: 'foreign',
    });
    expect(memory.getRevision()).toBe(revision);
  });

  it("should refuse, in 'append' mode, a message whose id the memory holds elsewhere", async () => {
    const { memory, sync, ids } = await setUpHistory(0, { history: 'append' });
    await sync([
      { id: 'a', text: 'a' },
      { id: 'b', text: 'b' },
      { id: 'c', text: 'c' },
    ]);
    const revision = memory.getRevision();
    await expect(sync([{ id: 'a', text: 'a' }])).rejects.toMatchObject({
      reason: 'foreign',
      divergedAt: 1,
    });
    expect(memory.getRevision()).toBe(revision);
    expect(ids()).toEqual(['a', 'b', 'c']);
  });

  it('should ignore a listener that throws', async () => {
    const { memory } = await setUpHistory(0);
    await memory.addMessages(toCore(list(2), { ids: ['x', 'y'] }));
    const result = await syncMessages({
      memory,
      messages: [{ text: 'other' }],
      idOf: (message, index) => `p${index}-${message.text}`,
      convert: toCore,
      onMismatch: 'replace',
      onHistoryMismatch: () => {
        throw new Error('listener');
      },
    });
    expect(result.kind).toBe('replaced');
  });
});
