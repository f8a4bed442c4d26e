import { describe, expect, it } from 'vitest';
import { describeSessionStore } from '../../testing/describe-session-store';
import { createInMemorySessionStore } from './in-memory-session-store';
import type { ContextState } from '../../state/context-state/context-state';

describeSessionStore({
  name: 'in-memory',
  create: () => createInMemorySessionStore(),
});

const state: ContextState = {
  sessionId: 'session-1',
  working: [
    { id: 'user-1', role: 'user', content: [{ type: 'text', text: 'Hello' }] },
  ],
  original: [
    { id: 'user-1', role: 'user', content: [{ type: 'text', text: 'Hello' }] },
  ],
  offloads: {},
  events: [],
  revision: 1,
};

describe('createInMemorySessionStore', () => {
  it('should answer synchronously', () => {
    const store = createInMemorySessionStore();

    const saved = store.save('session-1', state, { expectedRevision: null });
    const loaded = store.load('session-1');

    expect(saved).toBeUndefined();
    expect(loaded).toStrictEqual(state);
  });

  it('should keep separate stores apart', () => {
    const first = createInMemorySessionStore();
    const second = createInMemorySessionStore();

    first.save('session-1', state, { expectedRevision: null });

    expect(second.load('session-1')).toBeUndefined();
    expect(second.list()).toStrictEqual([]);
  });

  it('should reject a state that is not serializable and write nothing', () => {
    const store = createInMemorySessionStore();
    const broken = {
      ...state,
      working: [
        {
          id: 'user-1',
          role: 'user',
          content: [{ type: 'text', text: 'x' }],
          metadata: { big: 1n },
        },
      ],
    } as unknown as ContextState;

    expect(() =>
      store.save('session-1', broken, { expectedRevision: null }),
    ).toThrow();
    expect(store.load('session-1')).toBeUndefined();
  });
});
