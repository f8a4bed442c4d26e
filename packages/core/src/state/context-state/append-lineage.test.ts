import { describe, expect, it } from 'vitest';
import type { Message } from '../../vocabulary/message/message';
import { planSessionLogWrite } from '../../memory/store/plan-session-log-write';
import { findAppendsSince } from './append-lineage';
import { AppendableState } from './appendable-state';
import type { ContextState } from './context-state';
import { createContextState } from './create-context-state';

function text(id: string): Message {
  return { id, role: 'user', content: [{ type: 'text', text: id }] };
}

/** A copy of `state` that no memory made (no recorded lineage). */
function unrecorded(state: ContextState): ContextState {
  return { ...state };
}

describe('findAppendsSince', () => {
  it('should know the appends between two snapshots of one run of appends', () => {
    const log = new AppendableState(createContextState({ sessionId: 's' }));
    log.append([text('a')]);
    const first = log.state;
    log.append([text('b')]);
    log.append([text('c'), text('d')]);
    const later = log.state;
    expect(findAppendsSince(first, later)).toEqual({ appended: 3 });
    expect(findAppendsSince(first, first)).toEqual({ appended: 0 });
    // Backwards, or a state nobody recorded: unknown.
    expect(findAppendsSince(later, first)).toBeUndefined();
    expect(findAppendsSince(first, unrecorded(later))).toBeUndefined();
  });

  it('should not link snapshots across any other change', () => {
    const log = new AppendableState(createContextState({ sessionId: 's' }));
    log.append([text('a'), text('b')]);
    const before = log.state;
    // A compression-like replacement keeps `original` and changes `working`.
    log.replace({
      ...before,
      working: [before.working[1]!],
      revision: before.revision + 1,
    });
    log.append([text('c')]);
    expect(findAppendsSince(before, log.state)).toBeUndefined();
  });

  it('should let the session-log planner write the same delta as comparing the lists', () => {
    const log = new AppendableState(createContextState({ sessionId: 's' }));
    log.append([text('a'), text('b')]);
    const saved = log.state;
    const cursor = planSessionLogWrite({
      cursor: undefined,
      state: saved,
      expectedRevision: null,
      createEpoch: () => 'epoch',
    }).cursorAfter();
    log.append([text('c')]);
    const next = log.state;
    const known = planSessionLogWrite({
      cursor,
      state: next,
      expectedRevision: saved.revision,
      createEpoch: () => 'unused',
    });
    const compared = planSessionLogWrite({
      cursor: { ...cursor, state: unrecorded(saved) },
      state: unrecorded(next),
      expectedRevision: saved.revision,
      createEpoch: () => 'unused',
    });
    expect(known.kind).toBe('delta');
    expect(known.text).toBe(compared.text);
    expect(JSON.parse(known.text)).toEqual({
      revision: next.revision,
      original: [text('c')],
      working: [2],
    });
  });
});
