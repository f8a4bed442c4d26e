import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import { AutoContextMemory } from '../memory/facade/auto-context-memory';
import type { Message } from '../vocabulary/message/message';
import { createInMemorySessionStore } from '../memory/store/in-memory-session-store';
import { fixedClock } from '../testing/fixed-clock';
import { sequentialIds } from '../testing/sequential-ids';
import { createApproximateTokenCounter } from '../state/token';
import { createSessionRegistry } from './session-registry';

const counter = createApproximateTokenCounter();

const text = (id: string, value: string): Message => ({
  id,
  role: 'user',
  content: [{ type: 'text', text: value }],
});

function setUp({
  withStore = true,
  maxSessions = 3,
  idleTimeoutMs = 1000,
} = {}) {
  const store = createInMemorySessionStore();
  const clock = fixedClock(0);
  const created: string[] = [];
  const registry = createSessionRegistry({
    createMemory: ({ sessionId }) => {
      created.push(sessionId);
      return new AutoContextMemory({
        sessionId,
        counter,
        generateId: sequentialIds(sessionId),
        ...(withStore ? { store } : {}),
      });
    },
    createData: () => ({ calls: 0 }),
    ...(withStore ? { store } : {}),
    maxSessions,
    idleTimeoutMs,
    clock,
  });
  return { registry, store, clock, created };
}

describe('createSessionRegistry', () => {
  it('should hold at most maxSessions sessions, evicting the least recently used', async () => {
    const { registry } = setUp();
    for (const id of ['a', 'b', 'c', 'a', 'd', 'e']) {
      await registry.run(id, ({ memory }) =>
        memory.addMessage(
          text(`${id}-${memory.getOriginalMessages().length}`, id),
        ),
      );
    }
    expect(registry.sessionIds()).toEqual(['a', 'd', 'e']);
  });

  it('should bring an evicted session back intact from the store', async () => {
    const { registry, created } = setUp({ maxSessions: 1 });
    await registry.run('a', ({ memory }) =>
      memory.addMessage(text('a1', 'one')),
    );
    await registry.run('b', ({ memory }) =>
      memory.addMessage(text('b1', 'two')),
    );
    expect(registry.getMemory('a')).toBeUndefined();
    const ids = await registry.run('a', ({ memory }) =>
      memory.getOriginalMessages().map((message) => message.id),
    );
    expect(ids).toEqual(['a1']);
    expect(created).toEqual(['a', 'b', 'a']);
  });

  it('should keep 10,000 conversations within the bound and every one recoverable', async () => {
    const { registry, store } = setUp({ maxSessions: 50 });
    for (let index = 0; index < 10_000; index++) {
      await registry.run(`s${index}`, ({ memory }) =>
        memory.addMessage(text(`m${index}`, `hello ${index}`)),
      );
    }
    expect(registry.sessionIds()).toHaveLength(50);
    expect(store.list().length).toBe(10_000);
    const first = await registry.run('s0', ({ memory }) =>
      memory.getOriginalMessages().map((message) => message.id),
    );
    expect(first).toEqual(['m0']);
  });

  it('should evict sessions idle longer than idleTimeoutMs on the next call', async () => {
    const { registry, clock } = setUp({ maxSessions: 10, idleTimeoutMs: 1000 });
    await registry.run('a', () => undefined);
    clock.set(500);
    await registry.run('b', () => undefined);
    clock.set(1200);
    await registry.run('c', () => undefined);
    expect(registry.sessionIds()).toEqual(['b', 'c']);
  });

  it('should not evict a session while a task runs on it', async () => {
    const { registry } = setUp({ maxSessions: 1 });
    let release!: () => void;
    const blocked = registry.run(
      'a',
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    await registry.run('b', () => undefined);
    expect(registry.sessionIds()).toEqual(['a', 'b']);
    release();
    await blocked;
    expect(registry.sessionIds()).toEqual(['a']);
  });

  it('should run the tasks of one session one at a time, in call order', async () => {
    const { registry } = setUp();
    const order: string[] = [];
    await Promise.all([
      registry.run('a', async () => {
        await Promise.resolve();
        order.push('first');
      }),
      registry.run('a', () => {
        order.push('second');
      }),
    ]);
    expect(order).toEqual(['first', 'second']);
  });

  it('should keep per-session data until the session is evicted', async () => {
    const { registry } = setUp({ withStore: false, maxSessions: 1 });
    const calls = (id: string) =>
      registry.run(id, (session) => ++session.data.calls);
    expect([
      await calls('a'),
      await calls('a'),
      await calls('b'),
      await calls('a'),
    ]).toEqual([1, 2, 1, 1]);
  });

  it('should delete a session from the registry and the store', async () => {
    const { registry, store } = setUp();
    await registry.run('a', ({ memory }) => memory.addMessage(text('a1', 'x')));
    expect(await registry.deleteSession('a')).toBe(true);
    expect(registry.getMemory('a')).toBeUndefined();
    expect(store.load('a')).toBeUndefined();
    expect(await registry.deleteSession('a')).toBe(false);
  });

  it('should reject a limit that is not a number at least its minimum', () => {
    expect(() =>
      createSessionRegistry({
        createMemory: () => new AutoContextMemory(),
        createData: () => undefined,
        maxSessions: 0,
      }),
    ).toThrow(InvalidArgumentError);
  });

  it('should start a task on an idle loaded session at once and queue later ones behind it, in call order', async () => {
    const { registry } = setUp();
    await registry.run('a', () => undefined);
    await Promise.resolve(); // the load has settled
    const order: string[] = [];
    let release!: () => void;
    const first = registry.run('a', async () => {
      order.push('first started');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('first done');
    });
    const second = registry.run('a', () => {
      order.push('second');
    });
    expect(order).toEqual(['first started']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first started', 'first done', 'second']);
    await expect(
      registry.run('a', () => Promise.reject(new Error('task failed'))),
    ).rejects.toThrow('task failed');
    await registry.run('a', () => {
      order.push('after a failure');
    });
    expect(order.at(-1)).toBe('after a failure');
  });

  describe('read', () => {
    it('should load an evicted session from the store, hold it, and not save it', async () => {
      const { registry, store, created } = setUp({ maxSessions: 1 });
      await registry.run('a', ({ memory }) =>
        memory.addMessage(text('a1', 'kept')),
      );
      await registry.run('b', ({ memory }) =>
        memory.addMessage(text('b1', 'other')),
      );
      expect(registry.getMemory('a')).toBeUndefined();
      const stored = store.load('a')!.revision;

      const texts = await registry.read('a', ({ memory }) =>
        memory.getOriginalMessages().map((message) => message.id),
      );

      expect(texts).toEqual(['a1']);
      expect(created).toEqual(['a', 'b', 'a']);
      expect(registry.sessionIds()).toEqual(['a']);
      expect(store.load('a')!.revision).toBe(stored);
    });

    it('should run after the tasks queued on the session', async () => {
      const { registry } = setUp();
      await registry.run('a', () => undefined);
      await Promise.resolve(); // the load has settled: the next task starts at once
      let release!: () => void;
      const writing = registry.run('a', async ({ memory }) => {
        await new Promise<void>((resolve) => (release = resolve));
        await memory.addMessage(text('a1', 'late'));
      });
      const reading = registry.read('a', ({ memory }) =>
        memory.getOriginalMessageCount(),
      );
      await Promise.resolve();
      release();
      await writing;
      expect(await reading).toBe(1);
    });

    it('should leave nothing behind for a session neither held nor stored', async () => {
      const { registry, store } = setUp();
      const count = await registry.read('ghost', ({ memory }) =>
        memory.getOriginalMessageCount(),
      );
      expect(count).toBe(0);
      expect(registry.sessionIds()).toEqual([]);
      expect(store.load('ghost')).toBeUndefined();
    });

    it('should reject when the store fails and keep nothing', async () => {
      const { store } = setUp();
      const registryWithFailingStore = createSessionRegistry({
        createMemory: ({ sessionId }) =>
          new AutoContextMemory({
            sessionId,
            counter,
            store: {
              ...store,
              load: () => {
                throw new Error('down');
              },
            },
          }),
        createData: () => undefined,
        store,
      });
      await expect(
        registryWithFailingStore.read('a', () => 'never'),
      ).rejects.toThrow('down');
      expect(registryWithFailingStore.sessionIds()).toEqual([]);
    });
  });
});
