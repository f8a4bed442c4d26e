import { describe, expect, it } from 'vitest';
import { withAcmMarker } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import { formatOffloadTag } from './format-offload-tag';
import { withoutOffloadMarkers } from './without-offload-markers';

describe('withoutOffloadMarkers', () => {
  it("should remove the markers of ACM's messages and leave other messages alone", () => {
    const user: Message = {
      id: 'u',
      role: 'user',
      content: [{ type: 'text', text: `quoted ${formatOffloadTag('x')}` }],
    };
    const summary = withAcmMarker(
      {
        id: 's',
        role: 'assistant',
        content: [
          { type: 'text', text: `Earlier work.\n${formatOffloadTag('abc')}` },
        ],
      },
      { kind: 'round-summary', strategy: 'summarizeRounds' },
    );
    const result = withoutOffloadMarkers([user, summary]);
    expect(result[0]).toBe(user);
    expect(result[1]!.content).toEqual([
      { type: 'text', text: 'Earlier work.' },
    ]);
    expect(withoutOffloadMarkers([user])).toEqual([user]);
  });
});
