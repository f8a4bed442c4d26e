import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryMismatchEvent } from '@acm/core';
import { createApproximateTokenCounter, getMessageText } from '@acm/core';
import { createFileSessionStore } from '@acm/store-file';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AutoContextChatMessageHistory } from './auto-context-chat-message-history';
import type { AutoContextChatMessageHistoryOptions } from './auto-context-chat-message-history';

const SESSION = 'history-7';

let directory = '';
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'acm-chat-history-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** A history over the file store in `directory`, as a new process makes one. */
const open = (options: AutoContextChatMessageHistoryOptions = {}) =>
  new AutoContextChatMessageHistory({
    sessionId: SESSION,
    store: createFileSessionStore({ directory }),
    counter: createApproximateTokenCounter(),
    ...options,
  });

const stored = () => createFileSessionStore({ directory }).load(SESSION);

/** Two turns as `RunnableWithMessageHistory` adds them (no ids); 4 messages stored. */
async function twoTurns() {
  const history = open();
  await history.addMessages([new HumanMessage('one'), new AIMessage('1')]);
  await history.addMessages([new HumanMessage('two'), new AIMessage('2')]);
  const before = await stored();
  expect(before?.original.map((message) => getMessageText(message))).toEqual([
    'one',
    '1',
    'two',
    '2',
  ]);
  return before!;
}

describe('AutoContextChatMessageHistory history across a restart', () => {
  it("should append a turn without ids after a restart ('append', the default) and store nothing twice", async () => {
    const before = await twoTurns();
    const history = open();
    await history.addMessages([new HumanMessage('three'), new AIMessage('3')]);
    // The same turn again (a retried save), and the whole history sent again.
    await history.addMessages([new HumanMessage('three'), new AIMessage('3')]);
    await open().addMessages([
      ...(await open().getMessages()),
      new HumanMessage('four'),
    ]);
    const after = await stored();
    expect(after?.original.slice(0, 4)).toEqual(before.original);
    expect(after?.original.map((message) => getMessageText(message))).toEqual([
      'one',
      '1',
      'two',
      '2',
      'three',
      '3',
      'four',
    ]);
  });

  it("should refuse, in 'mirror' mode, only the new messages and leave the store as it was", async () => {
    const before = await twoTurns();
    const events: HistoryMismatchEvent[] = [];
    const history = open({
      history: 'mirror',
      onHistoryMismatch: (event) => events.push(event),
    });
    await expect(
      history.addMessages([new HumanMessage('three')]),
    ).rejects.toMatchObject({
      code: 'HISTORY_MISMATCH',
      sessionId: SESSION,
      history: 'mirror',
      storedCount: 4,
      receivedCount: 1,
    });
    expect(events.map((event) => event.outcome)).toEqual(['error']);
    expect(await stored()).toEqual(before);
    // The full history plus the new message is what it takes.
    await history.addMessages([
      ...(await history.getMessages()),
      new HumanMessage('three'),
    ]);
    expect((await stored())?.original).toHaveLength(5);
  });

  it("should refuse by default a history that repeats the stored start and leaves it; 'replace' starts over and archives", async () => {
    const before = await twoTurns();
    const edited = [
      new HumanMessage('one'),
      new AIMessage('1'),
      new HumanMessage('two, edited'),
    ];
    await expect(open().addMessages(edited)).rejects.toMatchObject({
      reason: 'diverged',
      divergedAt: 2,
    });
    expect(await stored()).toEqual(before);

    const events: HistoryMismatchEvent[] = [];
    const history = open({
      onMismatch: 'replace',
      onHistoryMismatch: (event) => events.push(event),
    });
    await history.addMessages(edited);
    const after = await stored();
    expect(after?.original.map((message) => getMessageText(message))).toEqual([
      'one',
      '1',
      'two, edited',
    ]);
    expect(events).toEqual([
      expect.objectContaining({
        outcome: 'replace',
        dropped: expect.objectContaining({ count: 2 }) as unknown,
      }),
    ]);
    const archiveId = events[0]!.dropped!.archiveId!;
    expect(after?.offloads[archiveId]).toEqual(before.original.slice(2));
    expect(history.memory.reload(archiveId)).toEqual(before.original.slice(2));
  });
});
