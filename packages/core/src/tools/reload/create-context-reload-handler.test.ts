import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { createAutoContextMemory } from '../../memory/facade/create-auto-context-memory';
import { getSessionTag } from '../../state/offload/session-tag';
import type { Message } from '../../vocabulary/message/message';
import { stringifyToolOutput } from '../../vocabulary/message/message-text';
import { fromOpenAIMessages } from '../../formats/openai/from-openai-messages';
import { findOffloadIds } from '../../state/offload/find-offload-ids';
import { formatOffloadTag } from '../../state/offload/format-offload-tag';
import { loadSharedConversations } from '../../testing/load-shared-conversations';
import { sequentialIds } from '../../testing/sequential-ids';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import { createContextReloadHandler } from './create-context-reload-handler';
import { renderOffloadedMessages } from './render-offloaded-messages';

const exchange: readonly Message[] = [
  {
    id: 'm1',
    role: 'user',
    content: [{ type: 'text', text: 'Where is the config?' }],
  },
  {
    id: 'm2',
    role: 'assistant',
    content: [
      {
        type: 'tool-call',
        toolCallId: 'call_1',
        toolName: 'bash',
        input: { command: 'ls' },
      },
    ],
  },
  {
    id: 'm3',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'bash',
        output: 'config.yaml',
      },
    ],
  },
];

const exchangeRendering = [
  '[user]',
  'Where is the config?',
  '',
  '[assistant → call bash id=call_1]',
  '{"command":"ls"}',
  '',
  '[tool result bash id=call_1]',
  'config.yaml',
].join('\n');

function createMemory(sessionId = 'session-a') {
  return createAutoContextMemory({
    sessionId,
    counter: createApproximateTokenCounter(),
    generateId: sequentialIds('id'),
  });
}

const ID = 'working_context_offload_uuid';

/** Pages through an offload entry; returns every reply and the bodies joined. */
async function readAllPages(
  handler: (input: unknown) => Promise<string>,
  offloadId: string,
): Promise<{ replies: string[]; body: string }> {
  const replies: string[] = [];
  let body = '';
  let offset: number | undefined;
  for (;;) {
    const reply = await handler({ [ID]: offloadId, offset });
    replies.push(reply);
    const start = reply.indexOf('\n\n') + 2;
    const next = /and offset (\d+) for the next page\.\]$/.exec(reply);
    if (next === null) {
      body += reply.slice(start);
      return { replies, body };
    }
    body += reply.slice(start, reply.lastIndexOf('\n\n['));
    offset = Number(next[1]);
  }
}

describe('createContextReloadHandler', () => {
  it('should return the offloaded messages rendered in full', async () => {
    const memory = createMemory();
    const offloadId = await memory.offload(exchange);
    const handler = createContextReloadHandler({ memory });

    const reply = await handler({ [ID]: offloadId });

    expect(reply).toBe(
      `Offloaded context "${offloadId}": 3 messages, ${exchangeRendering.length} characters.\n\n${exchangeRendering}`,
    );
  });

  it('should accept the id with whitespace, a uuid= prefix or as the whole marker', async () => {
    const memory = createMemory();
    const offloadId = await memory.offload(exchange);
    const handler = createContextReloadHandler({ memory });
    const expected = await handler({ [ID]: offloadId });

    const replies = await Promise.all([
      handler({ [ID]: `  ${offloadId}\n` }),
      handler({ [ID]: `uuid=${offloadId}` }),
      handler({ [ID]: formatOffloadTag(offloadId) }),
    ]);

    expect(replies).toEqual([expected, expected, expected]);
  });

  it('should page long content within maxChars without splitting a surrogate pair', async () => {
    const memory = createMemory();
    const long: Message = {
      id: 'm1',
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_1',
          toolName: 'read_file',
          output: `${'line of output 😀\n'.repeat(300)}END`,
        },
      ],
    };
    const offloadId = await memory.offload([long]);
    const handler = createContextReloadHandler({ memory, maxChars: 1000 });

    const { replies, body } = await readAllPages(handler, offloadId);

    expect(body).toBe(renderOffloadedMessages([long]));
    expect(replies).toHaveLength(7);
    expect(replies.every((reply) => reply.length <= 1000)).toBe(true);
    expect(replies[0]).toMatch(
      new RegExp(
        `^Offloaded context "${offloadId}": 1 message, ${body.length} characters; characters 0–\\d+:\\n\\n\\[tool result read_file id=call_1\\]\\n`,
      ),
    );
    expect(replies[0]).toMatch(
      new RegExp(
        `\\n\\n\\[\\d+ more characters\\. Call context_reload with working_context_offload_uuid "${offloadId}" and offset \\d+ for the next page\\.\\]$`,
      ),
    );
    expect(replies.at(-1)).toMatch(/END$/);
    for (const reply of replies.slice(0, -1)) {
      const page = reply.slice(0, reply.lastIndexOf('\n\n['));
      const last = page.charCodeAt(page.length - 1);
      expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
    }
  });

  it('should answer a missing, blank or malformed id', async () => {
    const handler = createContextReloadHandler({ memory: createMemory() });
    const missing =
      'Error: working_context_offload_uuid is required. Pass the id from a <!-- CONTEXT_OFFLOAD: uuid=<id> --> marker, e.g. {"working_context_offload_uuid": "<id>"}.';

    const replies = await Promise.all(
      [undefined, null, 'abc', [], {}, { [ID]: '   ' }, { [ID]: 42 }].map(
        (input) => handler(input),
      ),
    );

    expect(replies).toEqual(Array(7).fill(missing));
  });

  it('should answer an invalid or out-of-range offset', async () => {
    const memory = createMemory();
    const offloadId = await memory.offload(exchange);
    const handler = createContextReloadHandler({ memory });

    const replies = await Promise.all([
      handler({ [ID]: offloadId, offset: -1 }),
      handler({ [ID]: offloadId, offset: 1.5 }),
      handler({ [ID]: offloadId, offset: '10' }),
      handler({ [ID]: offloadId, offset: 5000 }),
    ]);

    expect(replies).toEqual([
      'Error: offset must be a whole number, 0 or more (received -1). Omit it for the first page.',
      'Error: offset must be a whole number, 0 or more (received 1.5). Omit it for the first page.',
      'Error: offset must be a whole number, 0 or more (received "10"). Omit it for the first page.',
      `Error: offset 5000 is past the end: the offloaded context "${offloadId}" has ${exchangeRendering.length} characters. Omit offset for the first page.`,
    ]);
  });

  it('should answer an id of another session', async () => {
    const other = createMemory('session-b');
    const otherId = await other.offload(exchange);
    const handler = createContextReloadHandler({ memory: createMemory() });

    const reply = await handler({ [ID]: otherId });

    expect(getSessionTag('session-b')).not.toBe(getSessionTag('session-a'));
    expect(reply).toBe(
      `Error: the offloaded context "${otherId}" belongs to another session and cannot be reloaded here.`,
    );
  });

  it('should answer an unknown id', async () => {
    const handler = createContextReloadHandler({ memory: createMemory() });
    const ownTagged = `${getSessionTag('session-a')}_id-99`;

    const replies = await Promise.all([
      handler({ [ID]: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6' }),
      handler({ [ID]: ownTagged }),
    ]);

    expect(replies).toEqual([
      'No offloaded context found for "f81d4fae-7dec-11d0-a765-00a0c91e6bf6": the id is unknown. Use an id copied exactly from a <!-- CONTEXT_OFFLOAD: uuid=<id> --> marker.',
      `No offloaded context found for "${ownTagged}": the id is unknown. Use an id copied exactly from a <!-- CONTEXT_OFFLOAD: uuid=<id> --> marker.`,
    ]);
  });

  it('should shorten a very long id it echoes', async () => {
    const handler = createContextReloadHandler({ memory: createMemory() });

    const reply = await handler({ [ID]: 'x'.repeat(5000) });

    expect(reply).toBe(
      `No offloaded context found for "${'x'.repeat(100)}…": the id is unknown. Use an id copied exactly from a <!-- CONTEXT_OFFLOAD: uuid=<id> --> marker.`,
    );
  });

  it('should answer an id cleared by clearOffload or by clear', async () => {
    const memory = createMemory();
    const first = await memory.offload(exchange);
    const second = await memory.offload(exchange);
    const handler = createContextReloadHandler({ memory });

    await memory.clearOffload(first);
    const afterClearOffload = await handler({ [ID]: first });
    await memory.clear();
    const afterClear = await handler({ [ID]: second });

    expect([afterClearOffload, afterClear]).toEqual([
      `The offloaded context "${first}" was cleared and can no longer be reloaded. Continue without it.`,
      `The offloaded context "${second}" was cleared and can no longer be reloaded. Continue without it.`,
    ]);
  });

  it('should answer an empty entry', async () => {
    const memory = createMemory();
    const offloadId = await memory.offload([]);
    const handler = createContextReloadHandler({ memory });

    expect(await handler({ [ID]: offloadId })).toBe(
      `The offloaded context "${offloadId}" holds no messages.`,
    );
  });

  it('should read through a reload function with the reference conventions', async () => {
    const entries: Record<string, readonly Message[]> = {
      known: exchange,
      empty: [],
    };
    const handler = createContextReloadHandler({
      reload: (offloadId) => entries[offloadId],
    });

    const replies = await Promise.all([
      handler({ [ID]: 'known' }),
      handler({ [ID]: 'empty' }),
      handler({ [ID]: 'missing' }),
    ]);

    expect(replies).toEqual([
      `Offloaded context "known": 3 messages, ${exchangeRendering.length} characters.\n\n${exchangeRendering}`,
      'No offloaded context found for "empty": the id is unknown. Use an id copied exactly from a <!-- CONTEXT_OFFLOAD: uuid=<id> --> marker.',
      'No offloaded context found for "missing": the id is unknown. Use an id copied exactly from a <!-- CONTEXT_OFFLOAD: uuid=<id> --> marker.',
    ]);
  });

  it('should check the session of a reload function when given a session id', async () => {
    const otherId = `${getSessionTag('session-b')}_abc`;
    const handler = createContextReloadHandler({
      reload: () => Promise.resolve({ status: 'not-found' as const }),
      sessionId: 'session-a',
    });

    expect(await handler({ [ID]: otherId })).toBe(
      `Error: the offloaded context "${otherId}" belongs to another session and cannot be reloaded here.`,
    );
  });

  it('should answer, not throw, when the lookup fails', async () => {
    const handler = createContextReloadHandler({
      reload: () => {
        throw new Error('redis is down');
      },
    });

    expect(await handler({ [ID]: 'abc' })).toBe(
      'Error reloading the offloaded context "abc": redis is down',
    );
  });

  it('should reject invalid options at creation', () => {
    const memory = createMemory();

    expect(() => createContextReloadHandler({})).toThrow(InvalidArgumentError);
    expect(() =>
      createContextReloadHandler({ memory, reload: () => undefined }),
    ).toThrow('pass exactly one of `memory` and `reload`');
    expect(() => createContextReloadHandler({ memory, maxChars: 999 })).toThrow(
      'Invalid argument for parameter maxChars: must be an integer of at least 1000',
    );
  });

  it('should give back byte-exact originals after compressing a real conversation', async () => {
    const [conversation] = loadSharedConversations({
      dataset: 'swe',
      limit: 1,
    });
    const messages = fromOpenAIMessages(conversation!.messages);
    const memory = createAutoContextMemory({
      sessionId: conversation!.id,
      counter: createApproximateTokenCounter(),
      config: { maxToken: 16_000, msgThreshold: 40, lastKeep: 10 },
    });
    await memory.addMessages(messages);
    const compression = await memory.compressIfNeeded();
    const handler = createContextReloadHandler({ memory, maxChars: 4000 });

    // The ids the model sees: markers in the working messages' text and tool output.
    const ids = memory.getMessages().flatMap((message) =>
      message.content.flatMap((part) => {
        if (part.type === 'text') return findOffloadIds(part.text);
        if (part.type === 'tool-result') {
          return findOffloadIds(stringifyToolOutput(part.output));
        }
        return [];
      }),
    );
    const originalById = new Map(
      memory.getOriginalMessages().map((message) => [message.id, message]),
    );

    expect(compression.applied).toBe(true);
    expect(memory.getOriginalMessages()).toEqual(messages);
    expect(ids.length).toBeGreaterThan(0);
    // Follow the markers as the model would, nested ones included.
    const reached = new Set(memory.getMessages().map((message) => message.id));
    const pending = [...ids];
    const visited = new Set<string>();
    while (pending.length > 0) {
      const offloadId = pending.pop()!;
      if (visited.has(offloadId)) continue;
      visited.add(offloadId);
      const { replies, body } = await readAllPages(handler, offloadId);
      const entry = memory.reload(offloadId);
      expect(entry.length).toBeGreaterThan(0);
      expect(replies.every((reply) => reply.length <= 4000)).toBe(true);
      expect(body).toBe(renderOffloadedMessages(entry));
      pending.push(...findOffloadIds(body));
      for (const message of entry) {
        const original = originalById.get(message.id);
        if (original === undefined) continue; // a stub of an earlier pass
        expect(message).toEqual(original);
        reached.add(message.id);
        const fragments = original.content.flatMap((part) => {
          if (part.type === 'text') return [part.text];
          if (part.type === 'tool-result') {
            return [stringifyToolOutput(part.output)];
          }
          return [];
        });
        expect(
          fragments.filter((fragment) => !body.includes(fragment)),
        ).toEqual([]);
      }
    }
    // Every id seen, and the ids nested behind them.
    expect(visited.size).toBeGreaterThanOrEqual(new Set(ids).size);
    expect(messages.filter((message) => !reached.has(message.id))).toEqual([]);
  });
});
