import { describe, expect, it } from 'vitest';
import { resultMessage, userMessage } from './__fixtures__/messages';
import type { ContextState } from './context-state';
import { serializeState } from './serialize-state';

const state: ContextState = {
  sessionId: 'session-1',
  working: [userMessage],
  original: [userMessage, resultMessage],
  offloads: { 'offload-1': [resultMessage] },
  events: [],
  revision: 2,
};

describe('serializeState', () => {
  it('should write the tagged, versioned document in a fixed key order', () => {
    const text = serializeState(state);

    expect(Object.keys(JSON.parse(text) as object)).toEqual([
      'format',
      'schemaVersion',
      'sessionId',
      'revision',
      'working',
      'original',
      'offloads',
      'events',
    ]);
    expect(JSON.parse(text)).toStrictEqual({
      format: 'acm.context-state',
      schemaVersion: 1,
      ...state,
    });
  });

  it('should escape lone surrogates so the text is well-formed', () => {
    const text = serializeState({
      ...state,
      working: [
        { id: 'x', role: 'user', content: [{ type: 'text', text: '\ud800' }] },
      ],
    });

    expect(text).toContain('"text":"\\ud800"');
    expect(Buffer.from(text, 'utf8').toString('utf8')).toBe(text);
  });
});
