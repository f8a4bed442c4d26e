import { describe, expect, it } from 'vitest';
import { createAutoContextMemory } from '../../memory/facade/create-auto-context-memory';
import type { AutoContextMemory } from '../../memory/facade/auto-context-memory';
import { syncMessages } from '../../session/sync-messages';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import { sequentialIds } from '../../testing/sequential-ids';
import type { Message } from '../../vocabulary/message/message';
import { createContextSearchHandler } from './create-context-search-handler';

const CARD = '4111-1111-1111-1111';

const text = (
  id: string,
  role: 'user' | 'assistant',
  body: string,
): Message => ({ id, role, content: [{ type: 'text', text: body }] });

/** A booking where the user gave a card number, and the same one with the number edited out (same ids). */
const withCard = [
  text('m0', 'user', `Book flight BA117, my card is ${CARD}.`),
  text('m1', 'assistant', 'Booked BA117.'),
  text('m2', 'user', 'Thanks.'),
];
const edited = [
  text('m0', 'user', 'Book flight BA117, my card is on file.'),
  ...withCard.slice(1),
];

function newMemory(): AutoContextMemory {
  return createAutoContextMemory({
    sessionId: 'card',
    counter: createApproximateTokenCounter(),
    generateId: sequentialIds('off'),
    config: { maxToken: 600 },
  });
}

/** A payment lookup whose large tool result holds the card, followed by enough talk that it is compressed away. */
async function compressedPayment(memory: AutoContextMemory) {
  const filler = 'Ledger line with nothing of note. '.repeat(60);
  await memory.addMessages([
    text('u0', 'user', 'Which card paid for BA117?'),
    {
      id: 'a0',
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: 'c0',
          toolName: 'get_payment',
          input: { flight: 'BA117' },
        },
      ],
    },
    {
      id: 't0',
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c0',
          toolName: 'get_payment',
          output: `${filler} card ${CARD} ${filler}`,
        },
      ],
    },
    text('a1', 'assistant', 'It was paid by card.'),
    text('u1', 'user', 'Now change the seat.'),
    text('a2', 'assistant', 'Seat changed.'),
    text('u2', 'user', 'Thanks.'),
  ]);
  await memory.compressIfNeeded({ force: true });
}

// #24: each of the five cases returned the removed card number before the
// index followed the memory's epochs and reachability.
describe('createContextSearchHandler (derived state)', () => {
  it('should forget a history emptied by clear(), even when the next one reuses its ids', async () => {
    const memory = newMemory();
    const search = createContextSearchHandler(memory);
    await memory.addMessages(withCard);
    expect(search.search(CARD).map((hit) => hit.messageId)).toStrictEqual([
      'm0',
    ]);

    await memory.clear();
    await memory.addMessages(edited);

    expect(search.search(CARD)).toStrictEqual([]);
    expect(
      search
        .search('BA117')
        .map((hit) => hit.messageId)
        .sort(),
    ).toStrictEqual(['m0', 'm1']);
  });

  it('should follow loadState', async () => {
    const other = newMemory();
    await other.addMessages(edited);
    const memory = newMemory();
    const search = createContextSearchHandler(memory);
    await memory.addMessages(withCard);
    expect(search.search(CARD)).toHaveLength(1);

    await memory.loadState(other.getState());

    expect(search.search(CARD)).toStrictEqual([]);
    expect(search.search('file')[0]?.snippet).toBe(
      'Book flight BA117, my card is on file.',
    );
  });

  it('should follow a session rebuilt from an edited history (syncMessages)', async () => {
    const memory = newMemory();
    const search = createContextSearchHandler(memory);
    const sync = (messages: readonly Message[]) =>
      syncMessages({
        memory,
        messages,
        // An edited history starts the memory over (the edit is archived).
        onMismatch: 'replace',
        idOf: (_message, index) => `m${index}`,
        isStored: (message, _index, stored) =>
          JSON.stringify(message.content) === JSON.stringify(stored.content),
        convert: (fresh, { ids }) =>
          fresh.map((message, index) => ({ ...message, id: ids[index]! })),
      });
    await sync(withCard);
    expect(search.search(CARD)).toHaveLength(1);

    // The user edited the card number out of the first message.
    const result = await sync(edited);

    expect(result.kind).toBe('replaced');
    expect(search.search(CARD)).toStrictEqual([]);
  });

  it('should not return what a cleared offload entry held', async () => {
    const memory = newMemory();
    const search = createContextSearchHandler(memory);
    await compressedPayment(memory);
    const [hit] = search.search(CARD);
    expect(hit?.messageId).toBe('t0');
    expect(hit?.visible).toBe(false);
    expect(hit?.offloadId).toBeDefined();

    expect(await memory.clearOffload(hit!.offloadId!)).toBe(true);

    expect(search.search(CARD)).toStrictEqual([]);
    expect(memory.lookupOffload(hit!.offloadId!)).toStrictEqual({
      status: 'cleared',
    });
  });

  it('should not return a deleted message (the original messages keep it)', async () => {
    const memory = newMemory();
    const search = createContextSearchHandler(memory);
    await memory.addMessages(withCard);
    expect(search.search(CARD)).toHaveLength(1);

    expect(await memory.deleteMessage(0)).toBe(true);

    expect(memory.getOriginalMessages()[0]).toBe(withCard[0]);
    expect(search.search(CARD)).toStrictEqual([]);
    expect(search.search('BA117').map((hit) => hit.messageId)).toStrictEqual([
      'm1',
    ]);
  });

  it('should give the same hits over the same state read back (an index built again)', async () => {
    const memory = newMemory();
    await compressedPayment(memory);
    const before = createContextSearchHandler(memory).search('BA117 card', 5);

    const restored = newMemory();
    await restored.loadState(memory.saveState());
    const after = createContextSearchHandler(restored).search('BA117 card', 5);

    expect(before.length).toBeGreaterThan(1);
    expect(after).toStrictEqual(before);
  });
});
