import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { createFullTextIndex } from '../long-term/create-full-text-index';
import { createAutoContextMemory } from '../../memory/facade/create-auto-context-memory';
import type { Message } from '../../vocabulary/message/message';
import { fromOpenAIMessages } from '../../formats/openai/from-openai-messages';
import { createContextReloadHandler } from '../reload/create-context-reload-handler';
import { loadSharedConversations } from '../../testing/load-shared-conversations';
import { sequentialIds } from '../../testing/sequential-ids';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import {
  CONTEXT_SEARCH_TOOL_NAME,
  contextSearchToolDefinition,
} from './context-search-tool-definition';
import { createContextSearchHandler } from './create-context-search-handler';
import type { ContextSearchMemory } from './create-context-search-handler';

const text = (
  id: string,
  role: 'user' | 'assistant',
  body: string,
): Message => ({
  id,
  role,
  content: [{ type: 'text', text: body }],
});

/**
 * A memory over a plain list, counting how many messages the handler reads;
 * `replace` swaps the history as `loadState` does (the history epoch moves).
 */
function listMemory(messages: Message[]) {
  let reads = 0;
  let epochs = { history: 0, state: 0 };
  const memory: ContextSearchMemory = {
    sessionId: 's',
    getOriginalMessageCount: () => messages.length,
    getOriginalMessageAt: (index) => {
      reads++;
      return messages[index];
    },
    getOffloadContext: () => ({}),
    getMessages: () => messages,
    getEpochs: () => epochs,
  };
  const replace = (next: Message[]) => {
    messages.splice(0, messages.length, ...next);
    epochs = { history: epochs.history + 1, state: epochs.state + 1 };
  };
  return { memory, reads: () => reads, replace };
}

async function compressedTau() {
  const [conversation] = loadSharedConversations({ dataset: 'tau', limit: 1 });
  const memory = createAutoContextMemory({
    sessionId: conversation!.id,
    counter: createApproximateTokenCounter(),
    generateId: sequentialIds('off'),
    config: { maxToken: 2000 },
  });
  for (const message of fromOpenAIMessages(conversation!.messages)) {
    if (message.role === 'assistant') await memory.compressIfNeeded();
    await memory.addMessage(message);
  }
  return memory;
}

describe('contextSearchToolDefinition', () => {
  it('should be a frozen tool in the shape of context_reload', () => {
    expect(CONTEXT_SEARCH_TOOL_NAME).toBe('context_search');
    expect(contextSearchToolDefinition.name).toBe('context_search');
    expect(contextSearchToolDefinition.inputSchema.required).toStrictEqual([
      'query',
    ]);
    expect(
      Object.keys(contextSearchToolDefinition.inputSchema.properties),
    ).toStrictEqual(['query', 'limit']);
    expect(
      Object.isFrozen(contextSearchToolDefinition.inputSchema.properties),
    ).toBe(true);
  });
});

describe('createContextSearchHandler', () => {
  it('should find a compressed message of a real conversation and give an id context_reload accepts', async () => {
    const memory = await compressedTau();
    const search = createContextSearchHandler(memory);
    const reload = createContextReloadHandler({ memory });
    const visible = memory
      .getMessages()
      .map((m) => JSON.stringify(m.content))
      .join('\n');
    const hidden = memory
      .getOriginalMessages()
      .flatMap((m) => JSON.stringify(m.content).match(/\bHAT\d{3}\b/g) ?? [])
      .find((id) => !visible.includes(id));
    expect(hidden).toBeDefined();

    const [hit] = search.search(hidden!, 5);

    expect(hit!.snippet).toContain(hidden);
    expect(hit!.visible).toBe(false);
    expect(hit!.offloadId).toBeDefined();
    const reloaded = await reload({
      working_context_offload_uuid: hit!.offloadId,
    });
    expect(reloaded).toContain(hidden);
    const answer = await search({ query: hidden });
    expect(answer).toContain(
      `compressed; full text: context_reload with working_context_offload_uuid "${hit!.offloadId}"`,
    );
  });

  it('should index only the messages added since the last call', () => {
    const messages = [
      text('m1', 'user', 'apple'),
      text('m2', 'assistant', 'banana'),
    ];
    const { memory, reads } = listMemory(messages);
    const search = createContextSearchHandler(memory);

    search.search('apple');
    const afterFirst = reads();
    messages.push(text('m3', 'user', 'cherry apple'));
    const hits = search.search('apple');

    expect(afterFirst).toBe(2);
    expect(reads() - afterFirst).toBe(1); // the new message only
    expect(hits.map((hit) => hit.messageId)).toStrictEqual(['m1', 'm3']);
  });

  it('should leave its own calls and context_reload results out of the index', () => {
    const messages: Message[] = [
      text('m1', 'user', 'the reservation ZFA04Y'),
      {
        id: 'm2',
        role: 'assistant',
        content: [
          { type: 'text', text: 'Looking for ZFA04Y.' },
          {
            type: 'tool-call',
            toolCallId: 'c1',
            toolName: 'context_search',
            input: { query: 'ZFA04Y' },
          },
        ],
      },
      {
        id: 'm3',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'context_search',
            output: 'm1: the reservation ZFA04Y',
          },
        ],
      },
      {
        id: 'm4',
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'c2',
            toolName: 'context_reload',
            input: { working_context_offload_uuid: 'x' },
          },
        ],
      },
      {
        id: 'm5',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c2',
            toolName: 'context_reload',
            output: 'the reservation ZFA04Y',
          },
        ],
      },
    ];
    const search = createContextSearchHandler(listMemory(messages).memory);

    expect(search.search('ZFA04Y').map((hit) => hit.messageId)).toStrictEqual([
      'm1',
      'm2',
    ]);
  });

  it('should re-index a history that was replaced under the same ids', () => {
    const messages = [
      text('m1', 'user', 'apple'),
      text('m2', 'user', 'apple pie'),
    ];
    const { memory, replace } = listMemory(messages);
    const search = createContextSearchHandler(memory);
    search.search('apple');

    // Same length, same ids: only the epoch tells the history apart.
    replace([text('m1', 'user', 'pear'), text('m2', 'user', 'apple tart')]);

    expect(
      search.search('apple').map((hit) => [hit.messageId, hit.snippet]),
    ).toStrictEqual([['m2', 'apple tart']]);
    expect(search.search('pie')).toStrictEqual([]);
  });

  it('should read a memory without epochs again on every search', () => {
    const messages = [text('m1', 'user', 'apple pie')];
    const { memory, reads } = listMemory(messages);
    const withoutEpochs: ContextSearchMemory = { ...memory };
    delete withoutEpochs.getEpochs;
    const search = createContextSearchHandler(withoutEpochs);
    search.search('apple');
    messages.splice(0, 1, text('m1', 'user', 'apple tart'));

    expect(search.search('pie')).toStrictEqual([]);
    expect(search.search('tart').map((hit) => hit.messageId)).toStrictEqual([
      'm1',
    ]);
    expect(reads()).toBe(3);
  });

  it('should only search its own memory (session scope)', async () => {
    const first = createAutoContextMemory({ sessionId: 'one' });
    const second = createAutoContextMemory({ sessionId: 'two' });
    await first.addMessage(text('m1', 'user', 'my reservation is XK42QZ'));
    await second.addMessage(text('m1', 'user', 'nothing here'));

    const answer = await createContextSearchHandler(second)({
      query: 'XK42QZ',
    });

    expect(answer).toBe(
      'No earlier message matches "XK42QZ". Try other words, a name or an id.',
    );
  });

  it('should say when a hit is still in the context and leave system messages out', async () => {
    const memory = createAutoContextMemory({ sessionId: 's' });
    await memory.addMessages([
      {
        id: 'sys',
        role: 'system',
        content: [{ type: 'text', text: 'policy about refunds' }],
      },
      text('u1', 'user', 'I want a refund for order W123'),
    ]);

    const answer = await createContextSearchHandler(memory)({
      query: 'refund',
    });

    expect(answer).toBe(
      '1 earlier message matches "refund", best first:\n[1] user message #2 (still in your context):\nI want a refund for order W123',
    );
  });

  it('should keep snippets short and around the matching words', () => {
    const long = `${'filler '.repeat(200)}the code is ZX81 here ${'tail '.repeat(200)}`;
    const { memory } = listMemory([text('m1', 'tool' as never, long)]);

    const [hit] = createContextSearchHandler(memory, {
      maxSnippetChars: 80,
    }).search('ZX81');

    expect(hit!.snippet.length).toBeLessThanOrEqual(80);
    expect(hit!.snippet).toContain('the code is ZX81 here');
    expect(hit!.snippet.startsWith('…')).toBe(true);
    expect(hit!.snippet.endsWith('…')).toBe(true);
  });

  it('should answer bad arguments with one line and never reject', async () => {
    const { memory } = listMemory([text('m1', 'user', 'apple')]);
    const search = createContextSearchHandler(memory);

    expect(await search(null)).toBe(
      'Error: the arguments must be an object. Call context_search with {"query": "<words, names or ids>"}.',
    );
    expect(await search({ query: '  ' })).toBe(
      'Error: query is required. Call context_search with {"query": "<words, names or ids>"}.',
    );
    expect(await search({ query: 'apple', limit: 11 })).toBe(
      'Error: limit must be a whole number from 1 to 10. Omit it for 5.',
    );
  });

  it('should search through an injected index', () => {
    const added: string[] = [];
    const { memory } = listMemory([
      text('m1', 'user', 'apple'),
      text('m2', 'user', 'pear'),
    ]);
    const search = createContextSearchHandler(memory, {
      createIndex: () => ({
        add: (id) => void added.push(id),
        remove: () => false,
        has: (id) => added.includes(id),
        get size() {
          return added.length;
        },
        search: () => [{ id: 'm2', score: 1 }],
      }),
    });

    const hits = search.search('anything');

    expect(added).toStrictEqual(['m1', 'm2']);
    expect(hits.map((hit) => [hit.messageId, hit.snippet])).toStrictEqual([
      ['m2', 'pear'],
    ]);
  });

  it('should refuse a missing memory and bad options with InvalidArgumentError', () => {
    const { memory } = listMemory([]);
    const cases: [string, () => unknown][] = [
      ['memory', () => createContextSearchHandler({} as never)],
      [
        'maxSnippetChars',
        () => createContextSearchHandler(memory, { maxSnippetChars: 10 }),
      ],
      [
        'defaultLimit',
        () => createContextSearchHandler(memory, { defaultLimit: 0 }),
      ],
      ['limit', () => createContextSearchHandler(memory).search('x', 11)],
    ];
    for (const [parameter, run] of cases) {
      let error: unknown;
      try {
        run();
      } catch (caught) {
        error = caught;
      }
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect((error as InvalidArgumentError).parameter).toBe(parameter);
    }
  });
});

describe('createContextSearchHandler round scoring', () => {
  const call = (id: string, toolCallId: string, input: unknown): Message => ({
    id,
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId, toolName: 'get_order', input }],
  });
  const result = (
    id: string,
    toolCallId: string,
    output: unknown,
  ): Message => ({
    id,
    role: 'tool',
    content: [
      { type: 'tool-result', toolCallId, toolName: 'get_order', output },
    ],
  });
  const history: Message[] = [
    text('u1', 'user', 'Where is my blue kettle order?'),
    call('a1', 'c1', { order_id: 'W123' }),
    result('t1', 'c1', { item: 'K-9 steel', status: 'shipped' }),
    text('a2', 'assistant', 'Your kettle order W123 has shipped.'),
    text('u2', 'user', 'Also a question about returns.'),
    call('a3', 'c2', { order_id: 'W456' }),
    result('t2', 'c2', { item: 'lamp', status: 'delivered' }),
  ];

  it('should rank a tool result by its round when its own text lacks the words', () => {
    const { memory } = listMemory(history);
    const hits = createContextSearchHandler(memory).search('blue kettle', 5);

    // u1 matches both words (coordination 1), a2 one; t1 holds neither but
    // inherits u1's score and ranks right after it (ties: own words first).
    expect(hits.map((hit) => hit.messageId)).toStrictEqual(['u1', 't1', 'a2']);
    expect(hits[1]!.score).toBe(hits[0]!.score);
    expect(hits[2]!.score).toBeLessThan(hits[1]!.score);
  });

  it('should add the round score to a tool result that matches by itself', () => {
    const { memory } = listMemory(history);
    const plain = createContextSearchHandler(memory, {
      scoreToolResultsByRound: false,
    }).search('shipped kettle', 5);
    const byRound = createContextSearchHandler(memory).search(
      'shipped kettle',
      5,
    );

    expect(plain.map((hit) => hit.messageId)).toStrictEqual(['a2', 'u1', 't1']);
    const own = plain.find((hit) => hit.messageId === 't1')!.score;
    const best = plain.find((hit) => hit.messageId === 'a2')!.score;
    expect(byRound.map((hit) => hit.messageId)).toStrictEqual([
      't1',
      'a2',
      'u1',
    ]);
    expect(byRound[0]!.score).toBeCloseTo(own + best, 12);
  });

  it('should not carry a round score into another round', () => {
    const { memory } = listMemory(history);
    const hits = createContextSearchHandler(memory).search('returns', 5);

    expect(hits.map((hit) => hit.messageId)).toStrictEqual(['u2', 't2']);
  });
});

describe('createContextSearchHandler length normalization', () => {
  it('should rank a longer message holding the word three times above a short one holding it once (BM25 b 0.25)', () => {
    const history: Message[] = [
      text('short', 'assistant', 'About your refund.'),
      text(
        'long',
        'assistant',
        `Refund issued: refund refund ${'detail '.repeat(10)}`,
      ),
      ...Array.from({ length: 8 }, (_, index) =>
        text(`other${index}`, 'user', `something else ${index}`),
      ),
    ];
    const { memory } = listMemory(history);
    const hits = createContextSearchHandler(memory, {
      scoreToolResultsByRound: false,
    }).search('refund', 2);
    const fullNormalization = createContextSearchHandler(memory, {
      scoreToolResultsByRound: false,
      createIndex: () => createFullTextIndex({ b: 1 }),
    }).search('refund', 2);

    expect(hits.map((hit) => hit.messageId)).toStrictEqual(['long', 'short']);
    expect(fullNormalization.map((hit) => hit.messageId)).toStrictEqual([
      'short',
      'long',
    ]);
  });
});
