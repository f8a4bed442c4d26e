import { describe, expect, it } from 'vitest';
import { AutoContextMemory } from '../memory/facade/auto-context-memory';
import { createInMemorySessionStore } from '../memory/store/in-memory-session-store';
import type { SessionStore } from '../memory/store/session-store';
import { createApproximateTokenCounter } from '../state/token';
import { fixedClock } from '../testing/fixed-clock';
import { sequentialIds } from '../testing/sequential-ids';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import type { Message } from '../vocabulary/message/message';
import { getMessageText } from '../vocabulary/message/message-text';
import { createSessionManager } from './create-session-manager';
import { NO_SESSION_MEMORY_REPLY } from './create-session-reload-handler';
import { NO_SEARCH_MEMORY_REPLY } from './create-session-tool-handler';

interface Plain {
  readonly role: 'user' | 'assistant';
  readonly text: string;
}

const counter = createApproximateTokenCounter();

/** A memory that counts the original messages read from it. */
class CountingMemory extends AutoContextMemory {
  reads = 0;
  override getOriginalMessageAt(index: number): Message | undefined {
    this.reads++;
    return super.getOriginalMessageAt(index);
  }
}

function setUp({
  store = createInMemorySessionStore(),
  maxSessions = 1,
}: { store?: SessionStore; maxSessions?: number } = {}) {
  const memories: CountingMemory[] = [];
  const manager = createSessionManager<Plain>({
    sessionParameter: 'sessionId',
    missingSessionMessage: 'name a session',
    maxSessions,
    store,
    createMemory: ({ sessionId }) => {
      const memory = new CountingMemory({
        sessionId,
        counter,
        store,
        clock: fixedClock(0),
        generateId: sequentialIds(sessionId),
        config: { maxToken: 400, lastKeep: 2 },
      });
      memories.push(memory);
      return memory;
    },
    fromFramework: (messages, { ids }) =>
      messages.map((message, index) => ({
        id: ids[index]!,
        role: message.role,
        content: [{ type: 'text', text: message.text }],
      })),
    toFramework: (message) => ({
      role: message.role === 'assistant' ? 'assistant' : 'user',
      text: getMessageText(message),
    }),
  });
  return { manager, memories, store };
}

/** A conversation long enough for a 400-token budget: compressed behind reload ids. */
const conversation = (topic: string): Plain[] =>
  Array.from({ length: 24 }, (_, index) => ({
    role: index % 2 === 0 ? 'user' : 'assistant',
    text: `${topic} turn ${index}: ${'details of the order '.repeat(12)}`,
  }));

const offloadIdIn = (messages: readonly Plain[] | undefined) =>
  /uuid=([^\s>]+)/.exec(
    messages?.map((message) => message.text).join('\n') ?? '',
  )?.[1];

describe('createSessionManager tools', () => {
  it('should answer reload and search for an evicted session from the store, as before the eviction', async () => {
    const { manager } = setUp();
    const call = await manager.manage({
      sessionId: 'alpha',
      messages: conversation('ALPHA7'),
    });
    const offloadId = offloadIdIn(call.messages);
    expect(offloadId).toBeDefined();
    const ask = () =>
      Promise.all([
        manager.reload('alpha', { working_context_offload_uuid: offloadId }),
        manager.search('alpha', { query: 'ALPHA7 turn 3' }),
      ]);
    const held = await ask();

    await manager.manage({ sessionId: 'beta', messages: conversation('BETA') });
    expect(manager.getMemory('alpha')).toBeUndefined();
    const evicted = await ask();

    expect(held[0]).toMatch(/^Offloaded context "/);
    expect(held[1]).toMatch(/^\d+ earlier messages match "ALPHA7 turn 3"/);
    expect(evicted).toStrictEqual(held);
  });

  it('should answer a call that names no session, and never reject when the store fails', async () => {
    const failing: SessionStore = {
      ...createInMemorySessionStore(),
      load: () => Promise.reject(new Error('store down')),
    };
    const { manager } = setUp({ store: failing });

    expect(await manager.reload(undefined, {})).toBe(NO_SESSION_MEMORY_REPLY);
    expect(await manager.search('', { query: 'x' })).toBe(
      NO_SEARCH_MEMORY_REPLY,
    );
    expect(
      await manager.reload('alpha', { working_context_offload_uuid: 'x' }),
    ).toMatch(/^Error reloading the offloaded context: .*store down/);
    expect(await manager.search('alpha', { query: 'x' })).toMatch(
      /^Error searching the conversation: .*store down/,
    );
    expect(() => manager.reload('alpha', {}, { maxChars: 10 })).toThrow(
      InvalidArgumentError,
    );
  });

  it('should keep the search index up to date after every call once indexing is on', async () => {
    const { manager, memories } = setUp({ maxSessions: 10 });
    manager.indexForSearch();
    const messages = conversation('GAMMA');
    for (let end = 4; end <= messages.length; end += 4) {
      await manager.manage({
        sessionId: 'gamma',
        messages: messages.slice(0, end),
      });
    }
    const [memory] = memories;
    const before = memory!.reads;

    const answer = await manager.search('gamma', { query: 'GAMMA turn 22' });

    expect(answer).toMatch(/^\d+ earlier messages match/);
    expect(memory!.reads - before).toBe(0); // nothing left to index
  });

  it('should index the whole history on the first search without indexing on', async () => {
    const { manager, memories } = setUp({ maxSessions: 10 });
    await manager.manage({
      sessionId: 'gamma',
      messages: conversation('GAMMA'),
    });
    const [memory] = memories;
    const before = memory!.reads;

    await manager.search('gamma', { query: 'GAMMA turn 22' });

    expect(memory!.reads - before).toBe(24);
  });
});
