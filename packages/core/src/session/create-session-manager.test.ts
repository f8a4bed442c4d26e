import { describe, expect, it, vi } from 'vitest';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import { AutoContextMemory } from '../memory/facade/auto-context-memory';
import type { Message } from '../vocabulary/message/message';
import { getMessageText } from '../vocabulary/message/message-text';
import { fixedClock } from '../testing/fixed-clock';
import { sequentialIds } from '../testing/sequential-ids';
import { createApproximateTokenCounter } from '../state/token';
import {
  SHARED_SESSION_ID,
  createSessionManager,
} from './create-session-manager';
import { hashValue } from '../vocabulary/util/hash-value';
import { createInMemorySessionStore } from '../memory/store/in-memory-session-store';
import type { SessionStore } from '../memory/store/session-store';
import { HistoryMismatchError } from '../vocabulary/error/history-mismatch-error';
import type { HistoryMismatchEvent, HistoryOptions } from './history-options';

/** A framework message without ids (like the AI SDK's). */
interface Plain {
  readonly role: 'system' | 'user' | 'assistant';
  readonly text: string;
}

const counter = createApproximateTokenCounter();
const plain = (count: number, from = 0): Plain[] =>
  Array.from({ length: count }, (_, index) => ({
    role: index % 2 === 0 ? 'user' : 'assistant',
    text: `message ${from + index} ${'word '.repeat(40)}`,
  }));

function setUp(
  options: {
    sharedSession?: boolean;
    msgThreshold?: number;
    systemTextOf?: (message: Plain) => string | undefined;
    store?: SessionStore;
  } & HistoryOptions = {},
) {
  const converted: Plain[] = [];
  const written: Message[] = [];
  const manager = createSessionManager<Plain>({
    sessionParameter: 'sessionId',
    missingSessionMessage: 'name a session',
    sharedSession: options.sharedSession,
    systemTextOf: options.systemTextOf,
    history: options.history,
    onMismatch: options.onMismatch,
    onHistoryMismatch: options.onHistoryMismatch,
    store: options.store,
    createMemory: ({ sessionId }) =>
      new AutoContextMemory({
        sessionId,
        store: options.store,
        counter,
        clock: fixedClock(0),
        generateId: sequentialIds(sessionId),
        config:
          options.msgThreshold === undefined
            ? {}
            : {
                msgThreshold: options.msgThreshold,
                maxToken: 400,
                lastKeep: 2,
              },
      }),
    fromFramework: (messages, { ids }) => {
      converted.push(...messages);
      return messages.map((message, index) => ({
        id: ids[index]!,
        role: message.role,
        content: [{ type: 'text', text: message.text }],
      }));
    },
    toFramework: (message) => {
      written.push(message);
      return {
        role: message.role === 'assistant' ? 'assistant' : 'user',
        text: getMessageText(message),
      };
    },
  });
  return { manager, converted, written };
}

describe('createSessionManager', () => {
  it('should reject a call without a session id with a typed error naming the option', async () => {
    const { manager } = setUp();
    const error = await manager
      .manage({ sessionId: undefined, messages: plain(1) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).parameter).toBe('sessionId');
    expect((error as InvalidArgumentError).message).toContain('name a session');
    await expect(
      manager.manage({ sessionId: '', messages: plain(1) }),
    ).rejects.toBeInstanceOf(InvalidArgumentError);
  });

  it('should use the shared session only when sharedSession is set', async () => {
    const { manager } = setUp({ sharedSession: true });
    const call = await manager.manage({
      sessionId: undefined,
      messages: plain(2),
    });
    expect(call.memory.sessionId).toBe(SHARED_SESSION_ID);
    expect(manager.getMemory(SHARED_SESSION_ID)).toBe(call.memory);
  });

  it('should convert only the new messages of a prompt rebuilt from copies, with position ids', async () => {
    const { manager, converted } = setUp();
    const history = plain(6);
    await manager.manage({ sessionId: 's', messages: history.slice(0, 4) });
    // The framework builds new objects with the same content every call.
    const call = await manager.manage({
      sessionId: 's',
      messages: history.map((message) => ({ ...message })),
    });
    expect(call.sync).toMatchObject({ kind: 'appended', anchor: 'input' });
    expect(converted).toHaveLength(6);
    expect(
      call.memory.getOriginalMessages().map((message) => message.id),
    ).toEqual(history.map((_message, index) => `m${index}`));
    expect(call.messages).toEqual(history);
  });

  it('should recognise the original messages by content once the previous prompt is gone', async () => {
    const first = setUp();
    const history = plain(5);
    const { memory } = await first.manager.manage({
      sessionId: 's',
      messages: history.slice(0, 3),
    });
    // A second manager over the same memory has no previous prompt: ids decide.
    const second = createSessionManager<Plain>({
      memory,
      sessionParameter: 'sessionId',
      missingSessionMessage: '',
      fromFramework: (messages, { ids }) =>
        messages.map((message, index) => ({
          id: ids[index]!,
          role: message.role,
          content: [{ type: 'text', text: message.text }],
        })),
      toFramework: (message) => ({
        role: 'user',
        text: getMessageText(message),
      }),
    });
    const call = await second.manage({
      sessionId: undefined,
      messages: history,
    });
    expect(call.sync).toMatchObject({ kind: 'appended', anchor: 'original' });
    expect(call.sync.appended.map((message) => message.id)).toEqual([
      'm3',
      'm4',
    ]);
    // Another conversation of the same length is not taken for this one.
    await expect(
      second.manage({ sessionId: undefined, messages: plain(6, 50) }),
    ).rejects.toBeInstanceOf(HistoryMismatchError);
  });

  it('should recognise stored messages whatever their ids (sessions saved with content-hash ids)', async () => {
    const history = plain(4);
    const memory = new AutoContextMemory({ sessionId: 's', counter });
    await memory.addMessages(
      history.slice(0, 3).map((message, index) => ({
        id: `m${index}-${hashValue(message)}`,
        role: message.role === 'user' ? 'user' : 'assistant',
        content: [{ type: 'text', text: message.text }],
      })),
    );
    const manager = createSessionManager<Plain>({
      memory,
      sessionParameter: 'sessionId',
      missingSessionMessage: '',
      fromFramework: (messages, { ids }) =>
        messages.map((message, index) => ({
          id: ids[index]!,
          role: message.role === 'user' ? 'user' : 'assistant',
          content: [{ type: 'text', text: message.text }],
        })),
      toFramework: (message) => ({
        role: 'user',
        text: getMessageText(message),
      }),
    });
    const call = await manager.manage({
      sessionId: undefined,
      messages: history,
    });
    expect(call.sync).toMatchObject({ kind: 'appended', anchor: 'original' });
    expect(memory.getOriginalMessages().map((message) => message.id)).toEqual([
      ...history
        .slice(0, 3)
        .map((message, index) => `m${index}-${hashValue(message)}`),
      'm3',
    ]);
  });

  it('should write each core message back once and hand out the framework message it came from', async () => {
    const { manager, written } = setUp();
    const history = plain(8);
    let view: Plain[] | undefined;
    for (let end = 2; end <= history.length; end++) {
      view = (
        await manager.manage({
          sessionId: 's',
          messages: history.slice(0, end),
        })
      ).messages;
    }
    expect(written).toEqual([]);
    expect(view!.every((message, index) => message === history[index])).toBe(
      true,
    );
  });

  it('should compress with the fixed tokens measured for the memory and return the view only when asked', async () => {
    const { manager, written } = setUp({ msgThreshold: 6 });
    const history = plain(12);
    const quiet = await manager.manage({
      sessionId: 's',
      messages: history.slice(0, 4),
      view: 'if-compressed',
    });
    expect(quiet.compression.applied).toBe(false);
    expect(quiet.messages).toBeUndefined();
    const call = await manager.manage({
      sessionId: 's',
      messages: history,
      system: 'You help.',
      tools: [{ name: 'bash' }],
      view: 'if-compressed',
    });
    expect(call.compression.applied).toBe(true);
    expect(call.messages).toHaveLength(call.memory.getMessages().length);
    expect(written.length).toBeGreaterThan(0);
    expect(call.memory.getOriginalMessages()).toHaveLength(12);
  });

  it('should calibrate against its count of what was sent', async () => {
    const { manager } = setUp();
    const call = await manager.manage({
      sessionId: 's',
      messages: plain(3),
      system: 'You help.',
    });
    const estimate =
      call.memory.countTokens() +
      call.memory.countFixedTokens({ system: 'You help.', tools: [] });
    call.calibrate({ inputTokens: { total: estimate * 2 } });
    expect(call.memory.getCalibration()).toBe(2);
    const measured = manager.measure(call.memory, { system: 'You help.' });
    measured.calibrate({ input_tokens: estimate });
    expect(call.memory.getCalibration()).toBe(1);
  });

  it('should refuse a prompt that no longer continues its session, naming the policies, and keep the session', async () => {
    const { manager } = setUp();
    const first = await manager.manage({ sessionId: 's', messages: plain(4) });
    const error = await manager
      .manage({ sessionId: 's', messages: plain(3, 100) })
      .catch((caught: unknown) => caught);
    expect(HistoryMismatchError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(
      "onMismatch: 'fork' (continue in a new session) or 'replace'",
    );
    expect(first.memory.getOriginalMessages()).toHaveLength(4);
  });

  it('should continue a prompt that leaves its session in a fork, the same one after a restart, and keep the session', async () => {
    const store = createInMemorySessionStore();
    const events: HistoryMismatchEvent[] = [];
    const options = {
      store,
      onMismatch: 'fork' as const,
      onHistoryMismatch: (event: HistoryMismatchEvent) => events.push(event),
    };
    const { manager } = setUp(options);
    const history = plain(6);
    await manager.manage({ sessionId: 's', messages: history });
    // The user edits message 4 (a branch), then goes on in the branch.
    const branch = [...history.slice(0, 4), ...plain(1, 40)];
    const forked = await manager.manage({ sessionId: 's', messages: branch });
    expect(forked.sessionId).toBe('s~fork-4');
    expect(forked.memory.getOriginalMessages()).toHaveLength(5);
    expect(manager.getMemory('s')).toBe(forked.memory);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'history-mismatch',
        outcome: 'fork',
        sessionId: 's',
        divergedAt: 4,
        forkSessionId: 's~fork-4',
      }),
    ]);
    const next = await manager.manage({
      sessionId: 's',
      messages: [...branch, ...plain(1, 41)],
    });
    expect([next.sessionId, next.sync.appended.length]).toEqual([
      's~fork-4',
      1,
    ]);

    // Another process: the old history still goes to the session, the branch to its fork.
    const restarted = setUp(options).manager;
    const back = await restarted.manage({
      sessionId: 's',
      messages: [...history, ...plain(1, 60)],
    });
    expect([back.sessionId, back.sync.anchor]).toEqual(['s', 'original']);
    expect(back.memory.getOriginalMessages()).toHaveLength(7);
    const again = await restarted.manage({
      sessionId: 's',
      messages: [...branch, ...plain(2, 41)],
    });
    expect([again.sessionId, again.sync.anchor]).toEqual([
      's~fork-4',
      'original',
    ]);
    expect(again.memory.getOriginalMessages()).toHaveLength(7);
    const stored = store.load('s');
    expect(stored?.original).toHaveLength(7);
  });

  it('should fork forks at most 8 deep, then refuse', async () => {
    const { manager } = setUp({ onMismatch: 'fork' });
    await manager.manage({ sessionId: 's', messages: plain(2) });
    let sessionId = '';
    for (let edit = 0; edit < 8; edit++) {
      ({ sessionId } = await manager.manage({
        sessionId: 's',
        messages: plain(2, 100 + edit),
      }));
    }
    expect(sessionId).toBe(`s${'~fork-0'.repeat(8)}`);
    await expect(
      manager.manage({ sessionId: 's', messages: plain(2, 200) }),
    ).rejects.toBeInstanceOf(HistoryMismatchError);
  });

  it("should take only the new messages in 'append' mode and hand the stored view when the list lacks it ('if-changed')", async () => {
    const store = createInMemorySessionStore();
    await setUp({ store }).manager.manage({
      sessionId: 's',
      messages: plain(4),
    });
    const { manager } = setUp({ store, history: 'append' });
    const call = await manager.manage({
      sessionId: 's',
      messages: plain(1, 4),
      view: 'if-changed',
    });
    expect([call.sync.anchor, call.sync.storedBefore]).toEqual(['none', 4]);
    expect(call.messages).toHaveLength(5);
    // The framework's state now holds the view: nothing more to hand.
    const next = await manager.manage({
      sessionId: 's',
      messages: [...call.messages!, ...plain(1, 5)],
      view: 'if-changed',
    });
    expect([next.sync.anchor, next.sync.storedBefore, next.messages]).toEqual([
      'original',
      0,
      undefined,
    ]);
  });

  it('should record a call without compressing or making a view', async () => {
    const { manager } = setUp({ msgThreshold: 2 });
    const recorded = await manager.record({
      sessionId: 's',
      messages: plain(6),
    });
    expect(recorded.sync.appended).toHaveLength(6);
    expect(recorded.memory.getCompressionEvents()).toEqual([]);
    expect(recorded.memory.getMessages()).toHaveLength(6);
  });

  it('should send the leading system messages as they are, count them, and hand out a new list each call', async () => {
    const { manager } = setUp({
      systemTextOf: (message) =>
        message.role === 'system' ? message.text : undefined,
    });
    const system: Plain[] = [
      { role: 'system', text: 'You help.' },
      { role: 'system', text: 'Be brief.' },
    ];
    const history = plain(5);
    const first = await manager.manage({
      sessionId: 's',
      messages: [...system, ...history.slice(0, 4)],
      system: 'Use tools.',
    });
    expect(first.memory.getOriginalMessages()).toHaveLength(4);
    expect(first.messages).toHaveLength(6);
    expect(first.messages![0]).toBe(system[0]);
    expect(first.messages![1]).toBe(system[1]);
    const estimate =
      first.memory.countTokens() +
      first.memory.countFixedTokens({
        system: 'You help.\n\nBe brief.\n\nUse tools.',
        tools: [],
      });
    first.calibrate({ inputTokens: { total: estimate * 2 } });
    expect(first.memory.getCalibration()).toBe(2);

    // The next step: the same prompt rebuilt from copies, one message more.
    const copies = [...system, ...history].map((message) => ({ ...message }));
    const second = await manager.manage({ sessionId: 's', messages: copies });
    expect(second.sync.anchor).toBe('input');
    expect(second.sync.appended.map((message) => message.id)).toEqual(['m4']);
    expect(second.messages).toHaveLength(7);
    expect(second.messages![0]).toBe(copies[0]);
    expect(second.messages![6]).toBe(copies[6]);
    // The list handed out before is not changed by the later call.
    expect(first.messages).toHaveLength(6);
  });

  it('should count the fixed content again only when the system prompt or the tools differ', async () => {
    const { manager } = setUp();
    const tools = () => [{ name: 'bash', parameters: { type: 'object' } }];
    const first = await manager.manage({
      sessionId: 's',
      messages: plain(2),
      system: 'You help.',
      tools: tools(),
    });
    const spy = vi.spyOn(first.memory, 'countFixedTokens');
    await manager.manage({
      sessionId: 's',
      messages: plain(3),
      system: 'You help.',
      tools: tools(),
    });
    expect(spy).not.toHaveBeenCalled();
    await manager.manage({
      sessionId: 's',
      messages: plain(4),
      system: 'You help.',
      tools: [{ name: 'bash', parameters: { type: 'string' } }],
    });
    await manager.manage({
      sessionId: 's',
      messages: plain(5),
      system: 'Be brief.',
      tools: [{ name: 'bash', parameters: { type: 'string' } }],
    });
    expect(spy).toHaveBeenCalledTimes(2);
  });
});
