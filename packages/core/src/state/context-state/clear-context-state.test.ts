import { describe, expect, it } from 'vitest';
import { conversationFixture } from './__fixtures__/messages';
import { clearContextState } from './clear-context-state';
import type { ContextState } from './context-state';
import { createContextState } from './create-context-state';

const state: ContextState = {
  ...createContextState({
    sessionId: 'session-1',
    messages: conversationFixture,
  }),
  offloads: { 'offload-1': [conversationFixture[3]!] },
  events: [
    {
      type: 'compression-error',
      strategy: 'summarizeRounds',
      at: 0,
      range: { start: 1, end: 4 },
      error: { code: 'SUMMARIZER_FAILURE', message: 'timeout' },
      fallbackUsed: false,
    },
  ],
  revision: 7,
};

describe('clearContextState', () => {
  it('should empty messages, offloads and events and keep the session', () => {
    expect(clearContextState(state)).toEqual({
      sessionId: 'session-1',
      working: [],
      original: [],
      offloads: {},
      events: [],
      revision: 8,
    });
  });

  it('should not mutate the input state', () => {
    clearContextState(state);

    expect(state.working).toHaveLength(5);
    expect(Object.keys(state.offloads)).toEqual(['offload-1']);
    expect(state.events).toHaveLength(1);
  });
});
