import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../vocabulary/message/message';
import { checkStateContract } from '../contract/check-state-contract';
import { reloadOffload } from '../offload/reload-offload';
import { parseState } from './parse-state';
import { serializeState } from './serialize-state';

/**
 * A state that `@acm/core` wrote before schema version 2 (main at 074f788,
 * `AutoContextMemory.saveState()`): 37 synthetic messages of a coding agent
 * replayed turn by turn at `maxToken` 1500 with the extractive summarizer,
 * 28 compressions (rollups, current-round folds, last-resort folds), 18
 * offload entries of which 16 were superseded by flat folds that copied their
 * originals. 96.6 KB for 13.3 KB of original messages (formatted here).
 */
const text = readFileSync(
  new URL('__fixtures__/state-schema-1.json', import.meta.url),
  'utf8',
);
const document = JSON.parse(text) as {
  schemaVersion: number;
  original: Message[];
  working: Message[];
  offloads: Record<string, Message[]>;
};

describe('parseState (schema version 1, written by an earlier @acm/core)', () => {
  it('should read every list exactly as it was written', () => {
    expect(document.schemaVersion).toBe(1);

    const state = parseState(text);

    expect(state.original).toStrictEqual(document.original);
    expect(state.working).toStrictEqual(document.working);
    expect(state.offloads).toStrictEqual(document.offloads);
    expect(Object.keys(state.offloads)).toHaveLength(18);
    expect(checkStateContract({ after: state })).toEqual([]);
  });

  it('should reload every entry byte-exact', () => {
    const state = parseState(text);

    for (const [offloadId, messages] of Object.entries(document.offloads)) {
      expect(reloadOffload(state, offloadId)).toStrictEqual(messages);
    }
  });

  it('should hold each original once: the copies in fold entries become the originals', () => {
    const state = parseState(text);
    const originals = new Set<Message>(state.original);
    const copies = Object.values(state.offloads)
      .flat()
      .filter((message) =>
        document.original.some((original) => original.id === message.id),
      );

    expect(copies.length).toBeGreaterThan(state.original.length);
    for (const message of copies) expect(originals.has(message)).toBe(true);
  });

  it('should be written again as schema version 2 with entries that name the originals', () => {
    const state = parseState(text);
    const written = serializeState(state);
    const originalChars = JSON.stringify(state.original).length;
    const offloads = (JSON.parse(written) as { offloads: unknown }).offloads;

    // As written (without the fixture's formatting): 18 entries copied
    // 83 KB of originals; as references they take 458 characters.
    const before = JSON.stringify(document).length;
    expect(before).toBeGreaterThan(7 * originalChars);
    expect(JSON.stringify(offloads).length).toBeLessThan(500);
    // What is left: the originals, the working summaries and the events.
    expect(written.length).toBeLessThan(before / 3);
    expect(parseState(written)).toStrictEqual(state);
    expect(
      (JSON.parse(written) as { schemaVersion: number }).schemaVersion,
    ).toBe(2);
  });
});
