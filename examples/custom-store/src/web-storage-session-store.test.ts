import {
  createApproximateTokenCounter,
  createAutoContextMemory,
  StoreError,
} from '@acm/core';
import type { Message, SessionStore } from '@acm/core';
import {
  captureError,
  describeMemoryOnStore,
  describeSessionStore,
} from '@acm/core/testing';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from './memory-storage';
import { createWebStorageSessionStore } from './web-storage-session-store';
import type { KeyValueStorage } from './web-storage-session-store';

/** The storage behind each store the suites create. */
const storageOf = new WeakMap<SessionStore, KeyValueStorage>();

function createStore(): SessionStore {
  const storage = createMemoryStorage();
  const store = createWebStorageSessionStore({ storage });
  storageOf.set(store, storage);
  return store;
}

// The conformance suites every SessionStore passes (@acm/core/testing).
describeSessionStore({
  name: 'web storage',
  create: createStore,
  corruptRecord: (store, sessionId, kind) => {
    const storage = storageOf.get(store)!;
    const headKey = `acm:head:${encodeURIComponent(sessionId)}`;
    const head = JSON.parse(storage.getItem(headKey)!) as { epoch: string };
    storage.setItem(
      headKey,
      JSON.stringify({ ...head, epoch: kind, records: 1 }),
    );
    storage.setItem(
      `acm:log:${encodeURIComponent(sessionId)}:${kind}:0`,
      kind === 'corrupt'
        ? '{"revision":'
        : JSON.stringify({
            format: 'acm.session-log',
            schemaVersion: 999,
            sessionId,
            epoch: kind,
            revision: 1,
            full: true,
            original: [],
            working: [],
            offloads: {},
            events: [],
          }),
    );
  },
});

describeMemoryOnStore({ name: 'web storage', create: createStore });

const userMessage = (id: string, text: string): Message => ({
  id,
  role: 'user',
  content: [{ type: 'text', text }],
});

describe('createWebStorageSessionStore', () => {
  it('should append one delta record per save while it remembers the session', async () => {
    const storage = createMemoryStorage();
    const store = createWebStorageSessionStore({
      storage,
      createEpoch: () => 'epoch-1',
    });
    const memory = createAutoContextMemory({
      sessionId: 's',
      store,
      counter: createApproximateTokenCounter(),
    });

    await memory.addMessage(userMessage('u1', 'First question'));
    await memory.save();
    await memory.addMessage(userMessage('u2', 'Second question'));
    await memory.save();

    expect(
      Array.from({ length: storage.length }, (_, index) => storage.key(index)),
    ).toStrictEqual([
      'acm:log:s:epoch-1:0',
      'acm:head:s',
      'acm:log:s:epoch-1:1',
    ]);
    // The second record holds only the new message (`working: [1]` is its index in `original`).
    expect(JSON.parse(storage.getItem('acm:log:s:epoch-1:1')!)).toStrictEqual({
      revision: 2,
      original: [userMessage('u2', 'Second question')],
      working: [1],
    });
    const reopened = createAutoContextMemory({
      sessionId: 's',
      store: createWebStorageSessionStore({ storage }),
      counter: createApproximateTokenCounter(),
    });
    expect(await reopened.load()).toBe(true);
    expect(reopened.getMessages()).toStrictEqual(memory.getMessages());
  });

  it('should fail with StoreError when the storage is full, and write nothing', async () => {
    const storage = createMemoryStorage({ quotaChars: 600 });
    const store = createWebStorageSessionStore({ storage });
    const memory = createAutoContextMemory({
      sessionId: 's',
      store,
      counter: createApproximateTokenCounter(),
    });
    await memory.addMessage(userMessage('u1', 'x'.repeat(1000)));

    const error = await captureError(() => memory.save());

    expect(StoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ operation: 'save', sessionId: 's' });
    expect(storage.length).toBe(0);
  });
});
