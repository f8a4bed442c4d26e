import type { Message, OffloadLookup } from '@acm/core';
import { describe, expect, it } from 'vitest';
import { toReloadDepthFigures } from './compute-figures';
import { measureReloadDepth } from './measure-reload-depth';

const message = (
  id: string,
  value: string,
  metadata?: Record<string, unknown>,
): Message => ({
  id,
  role: 'user',
  content: [{ type: 'text', text: value }],
  ...(metadata === undefined ? {} : { metadata }),
});
const tag = (id: string) => `<!-- CONTEXT_OFFLOAD: uuid=${id} -->`;

describe('measureReloadDepth', () => {
  it('should count the sequential reloads to each original, following ids inside reloaded content', () => {
    const original = ['m1', 'm2', 'm3', 'm4', 'm5'].map((id) =>
      message(id, id),
    );
    // m1, m2 folded into fold1 (behind o1); fold1 and m3 folded into fold2 (behind o2).
    const fold1 = message('fold1', `Folded 2 messages. ${tag('o1')}`, {
      acm: { kind: 'last-resort', offloadId: 'o1' },
    });
    const fold2 = message('fold2', 'Folded 2 messages.', {
      acm: { kind: 'last-resort', offloadId: 'o2' },
    });
    const offloads: Record<string, Message[]> = {
      o1: [original[0]!, original[1]!],
      o2: [fold1, original[2]!],
    };
    const lookupOffload = (id: string): OffloadLookup =>
      offloads[id] === undefined
        ? { status: 'not-found' }
        : { status: 'found', messages: offloads[id] };
    const changed = message('m4', 'm4 changed');

    expect(
      measureReloadDepth({
        working: [fold2, changed, original[4]!],
        original,
        lookupOffload,
      }),
    ).toEqual({ histogram: [1, 1, 2], unreachable: 1 });
  });
});

describe('toReloadDepthFigures', () => {
  it('should give the max, the nearest-rank p95 and the share 3 or more reloads away', () => {
    const histogram = [50, 30, 10, 6, 4];
    expect(toReloadDepthFigures(histogram, 2)).toEqual({
      histogram,
      max: 4,
      p95: 3,
      atLeast3: { part: 10, total: 100, share: 0.1 },
      unreachable: 2,
      maxOverTurns: 4,
    });
    expect(toReloadDepthFigures([1], 0, 5).maxOverTurns).toBe(5);
    expect(toReloadDepthFigures([], 0)).toEqual({
      histogram: [],
      max: 0,
      p95: 0,
      atLeast3: { part: 0, total: 0, share: null },
      unreachable: 0,
      maxOverTurns: 0,
    });
  });
});
