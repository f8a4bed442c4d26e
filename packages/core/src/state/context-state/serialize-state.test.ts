import { describe, expect, it } from 'vitest';
import { resultMessage, userMessage } from './__fixtures__/messages';
import type { Message } from '../../vocabulary/message/message';
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
    // Original messages by their index in `original`.
    expect(JSON.parse(text)).toStrictEqual({
      format: 'acm.context-state',
      schemaVersion: 2,
      ...state,
      working: [0],
      offloads: { 'offload-1': [1] },
    });
  });

  it('should write consecutive originals as runs and anything else whole', () => {
    const original: Message[] = Array.from({ length: 6 }, (_, index) => ({
      id: `m${index}`,
      role: 'user',
      content: [{ type: 'text', text: `message ${index}` }],
    }));
    const summary: Message = {
      id: 'summary',
      role: 'assistant',
      content: [{ type: 'text', text: 'A summary.' }],
    };
    // A copy equal to an original counts as it; an edited one does not.
    const copy = structuredClone(original[4]!);
    const edited = { ...original[5]!, name: 'edited' };

    const document = JSON.parse(
      serializeState({
        sessionId: 's',
        working: [summary, original[4]!, original[5]!],
        original,
        offloads: {
          fold: [original[0]!, original[1]!, original[2]!, original[3]!],
          gaps: [original[0]!, original[2]!, original[3]!, summary, copy],
          edited: [edited],
          ['__proto__']: [original[1]!],
        },
        events: [],
        revision: 1,
      }),
    ) as { working: unknown; offloads: unknown };

    expect(document.working).toEqual([summary, [4, 6]]);
    expect(document.offloads).toStrictEqual(
      JSON.parse(
        '{"fold":[[0,4]],"gaps":[0,[2,4],' +
          JSON.stringify(summary) +
          ',4],"edited":[' +
          JSON.stringify(edited) +
          '],"__proto__":[1]}',
      ),
    );
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
