import { describe, expect, it } from 'vitest';
import { InvalidStateError } from '../../vocabulary/error/invalid-state-error';
import type { Message } from '../../vocabulary/message/message';
import type { ContextState } from '../../state/context-state/context-state';
import { planSessionLogWrite } from './plan-session-log-write';
import { replaySessionLog } from './replay-session-log';
import type { SessionLogCursor } from './session-log';

function text(id: string, body = id): Message {
  return { id, role: 'user', content: [{ type: 'text', text: body }] };
}

function state(partial: Partial<ContextState>): ContextState {
  return {
    sessionId: 's',
    working: [],
    original: [],
    offloads: {},
    events: [],
    revision: 1,
    ...partial,
  };
}

/** Saves each state in turn through the planner, as a store does; returns the log. */
function writeAll(states: readonly ContextState[]) {
  const log: string[] = [];
  const kinds: string[] = [];
  let cursor: SessionLogCursor | undefined;
  let epochs = 0;
  let expectedRevision: number | null = null;
  for (const next of states) {
    const write = planSessionLogWrite({
      cursor,
      state: next,
      expectedRevision,
      createEpoch: () => `epoch-${epochs++}`,
    });
    if (write.kind === 'full') log.length = 0;
    log.push(write.text);
    kinds.push(write.kind);
    cursor = write.cursorAfter();
    expectedRevision = next.revision;
  }
  return { log, kinds, cursor: cursor! };
}

describe('planSessionLogWrite / replaySessionLog', () => {
  const a = text('a');
  const b = text('b');
  const c = text('c');
  const summary: Message = {
    id: 'summary',
    role: 'assistant',
    content: [{ type: 'text', text: 'what a and b said' }],
    metadata: { acm: { kind: 'summary', strategy: 'summarizeRounds' } },
  };
  const o1 = [a, b];
  const s1 = state({ working: [a], original: [a], revision: 1 });
  const s2 = state({ working: [a, b], original: [a, b], revision: 2 });
  const s3 = state({
    working: [summary],
    original: [a, b],
    offloads: { o1 },
    revision: 3,
  });
  const s4 = state({
    working: [summary, c],
    original: [a, b, c],
    offloads: { o1 },
    revision: 4,
  });
  const s5 = state({
    working: [summary, c],
    original: [a, b, c],
    offloads: {},
    revision: 5,
  });

  it('should write a full record first, then deltas that hold only what changed', () => {
    const { log, kinds } = writeAll([s1, s2, s3, s4, s5]);

    expect(kinds).toEqual(['full', 'delta', 'delta', 'delta', 'delta']);
    expect(log.slice(1).map((record): unknown => JSON.parse(record))).toEqual([
      { revision: 2, original: [b], working: [1] },
      {
        revision: 3,
        keep: 0,
        working: [summary],
        offloads: { o1: [0, 1] },
      },
      { revision: 4, original: [c], working: [2] },
      { revision: 5, removed: ['o1'] },
    ]);
  });

  it('should replay the log to the saved state, sharing original messages', () => {
    const { log } = writeAll([s1, s2, s3, s4]);

    const { state: replayed, cursor } = replaySessionLog({
      records: log,
      revision: 4,
    });

    expect(replayed).toEqual(s4);
    expect(replayed.working[1]).toBe(replayed.original[2]);
    expect(replayed.offloads.o1![0]).toBe(replayed.original[0]);
    expect(cursor.revision).toBe(4);
    expect(cursor.epoch).toBe('epoch-0');
  });

  it('should continue with deltas from a replayed cursor', () => {
    const { log } = writeAll([s1, s2]);
    const { state: loaded, cursor } = replaySessionLog({ records: log });
    const d = text('d');
    const next = {
      ...loaded,
      working: [...loaded.working, d],
      original: [...loaded.original, d],
      revision: 3,
    };

    const write = planSessionLogWrite({
      cursor,
      state: next,
      expectedRevision: 2,
      createEpoch: () => 'unused',
    });

    expect(write.kind).toBe('delta');
    expect(JSON.parse(write.text)).toEqual({
      revision: 3,
      original: [d],
      working: [2],
    });
    expect(replaySessionLog({ records: [...log, write.text] }).state).toEqual(
      next,
    );
  });

  it('should not write offload entries again after a load copied their lists', () => {
    const { log } = writeAll([s1, s2, s3]);
    const { state: loaded, cursor } = replaySessionLog({ records: log });
    const d = text('d');
    // What a memory holds after load(): fresh lists of the same messages.
    const next: ContextState = {
      ...loaded,
      working: [...loaded.working, d],
      original: [...loaded.original, d],
      offloads: Object.fromEntries(
        Object.entries(loaded.offloads).map(([id, messages]) => [
          id,
          [...messages],
        ]),
      ),
      revision: 4,
    };

    const write = planSessionLogWrite({
      cursor,
      state: next,
      expectedRevision: 3,
      createEpoch: () => 'unused',
    });

    expect(JSON.parse(write.text)).toEqual({
      revision: 4,
      original: [d],
      working: [2],
    });
    expect(replaySessionLog({ records: [...log, write.text] }).state).toEqual(
      next,
    );
  });

  it('should write a full record when the cursor is not at the expected revision or the state does not extend it', () => {
    const { cursor } = writeAll([s1, s2]);

    for (const [next, expectedRevision] of [
      [s4, 1],
      [state({ working: [b], original: [b], revision: 3 }), 2],
    ] as const) {
      const write = planSessionLogWrite({
        cursor,
        state: next,
        expectedRevision,
        createEpoch: () => 'new',
      });
      expect(write.kind).toBe('full');
      expect(write.epoch).toBe('new');
      expect(replaySessionLog({ records: [write.text] }).state).toEqual(next);
    }
  });

  it('should compact when garbage exceeds half the log', () => {
    const big = (id: string): Message => ({
      id,
      role: 'assistant',
      content: [{ type: 'text', text: id.repeat(40_000) }],
      metadata: { acm: { kind: 'summary', strategy: 'summarizeRounds' } },
    });
    const states: ContextState[] = [s1];
    for (let round = 0; round < 6; round += 1) {
      states.push(
        state({
          working: [a, big(`summary${round}`)],
          original: [a],
          revision: round + 2,
        }),
      );
    }

    const { kinds, log } = writeAll(states);

    expect(kinds).toContain('full');
    expect(kinds.lastIndexOf('full')).toBeGreaterThan(0);
    expect(replaySessionLog({ records: log }).state).toEqual(states.at(-1));
  });

  it('should refuse a corrupt log with InvalidStateError naming the record', () => {
    const { log } = writeAll([s1, s2]);
    const cases: [readonly string[], string][] = [
      [[], '$log'],
      [[log[0]!, '{"revision":3,"working":[7]}'], '$log[1].working[0]'],
      [[log[0]!, '{"revision":1}'], '$log[1].revision'],
      [[log[0]!, '{"revision":'], '$log[1]'],
      [[log[1]!], '$log[0].format'],
      [[log[0]!, '{"revision":3,"keep":9}'], '$log[1].keep'],
      [[log[0]!, '{"revision":3,"removed":["x"]}'], '$log[1].removed'],
      // A newer writer's fields: replaying without them would drop them.
      [[log[0]!, '{"revision":3,"pinned":[0]}'], '$log[1].pinned'],
      [[log[0]!.replace('{', '{"ttl":5,')], '$log[0].ttl'],
    ];
    for (const [records, path] of cases) {
      let caught: unknown;
      try {
        replaySessionLog({ records });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(InvalidStateError);
      expect((caught as InvalidStateError).path).toBe(path);
    }
    expect(() => replaySessionLog({ records: log, revision: 5 })).toThrow(
      InvalidStateError,
    );
  });
});
