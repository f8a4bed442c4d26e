import { createInMemorySessionStore, InvalidArgumentError } from '@acm/core';
import {
  RECORD_TO_MEMORY_TOOL_NAME,
  RETRIEVE_FROM_MEMORY_TOOL_NAME,
  createInMemoryLongTermBackend,
  createLongTermMemory,
} from '@acm/core/long-term';
import type {
  LongTermMemory,
  LongTermMemoryBackend,
  LongTermMemoryMode,
} from '@acm/core/long-term';
import { fixedClock, sequentialIds } from '@acm/core/testing';
import type { BaseMessage, ToolMessage } from '@langchain/core/messages';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { autoContextMiddleware } from './auto-context-middleware';
import { longTermMemoryMiddleware } from './long-term-memory-middleware';
import { longTermMemoryTools } from '../long-term-memory-tools';

const owner = { userId: 'james_lee_6136' };
const BLOCK =
  '<long_term_memory>\n- Reservation XEWRD9 (LAX to ATL) was upgraded to economy.\n</long_term_memory>';

async function seededMemory(
  mode: LongTermMemoryMode,
  backend: LongTermMemoryBackend = createInMemoryLongTermBackend(),
  userId = owner.userId,
): Promise<LongTermMemory> {
  const memory = createLongTermMemory({
    backend,
    owner: { userId },
    mode,
    clock: fixedClock(1_700_000_000_000),
    ids: sequentialIds(`ltm-${userId}`),
  });
  await memory.remember([
    `Reservation XEWRD9 (LAX to ATL) was upgraded to economy.`,
    'The customer likes window seats.',
  ]);
  return memory;
}

/** Each message's text blocks (strings as one block), for exact checks. */
function blocks(messages: readonly BaseMessage[]): string[][] {
  return messages.map((message) =>
    typeof message.content === 'string'
      ? [message.content]
      : message.content.flatMap((block) =>
          block.type === 'text' ? [String(block.text)] : [],
        ),
  );
}

describe('longTermMemoryMiddleware', () => {
  it('should send the memories first in the latest human message of every step, keep the state unchanged, and record the turn', async () => {
    const backend = createInMemoryLongTermBackend();
    const memory = await seededMemory('static', backend);
    const ltm = longTermMemoryMiddleware({ memory });
    const model = fakeModel()
      .respond(
        new AIMessage({
          content: '',
          tool_calls: [
            {
              name: 'get_reservation_details',
              args: { reservation_id: 'XEWRD9' },
              id: 'c1',
            },
          ],
        }),
      )
      .respond(new AIMessage('XEWRD9 is in economy now.'));
    const lookup = tool(() => '{"origin":"LAX","destination":"ATL"}', {
      name: 'get_reservation_details',
      description: 'Looks a reservation up.',
      schema: z.object({ reservation_id: z.string() }),
    });
    const agent = createAgent({ model, tools: [lookup], middleware: [ltm] });

    const state = await agent.invoke({
      messages: [
        new HumanMessage({ id: 'h1', content: 'Hello!' }),
        new AIMessage({ id: 'a1', content: 'Hi, how can I help?' }),
        new HumanMessage({ id: 'h2', content: 'What about XEWRD9?' }),
      ],
    });
    await ltm.flush();

    // Step 1 called the lookup; step 2 answered. Static mode registers no tool.
    expect(model.calls).toHaveLength(2);
    expect(ltm.tools).toStrictEqual([]);
    for (const call of model.calls) {
      expect(blocks(call.messages).slice(0, 3)).toStrictEqual([
        ['Hello!'],
        ['Hi, how can I help?'],
        [BLOCK, 'What about XEWRD9?'],
      ]);
    }
    expect(blocks(state.messages).slice(0, 3)).toStrictEqual([
      ['Hello!'],
      ['Hi, how can I help?'],
      ['What about XEWRD9?'],
    ]);
    const recorded = await backend.search({
      owner,
      query: 'economy now',
      limit: 10,
    });
    expect(recorded.map((hit) => hit.record.text).sort()).toStrictEqual([
      'Reservation XEWRD9 (LAX to ATL) was upgraded to economy.',
      'XEWRD9 is in economy now.',
    ]);
  });

  it('should answer before a slow recording resolves, and report its failure to onError', async () => {
    const events: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inner = createInMemoryLongTermBackend();
    const errors: unknown[] = [];
    const ltm = longTermMemoryMiddleware({
      memory: createLongTermMemory({
        backend: {
          add: async () => {
            events.push('add-start');
            await gate;
            events.push('add-end');
            throw new Error('disk full');
          },
          findRecordedMessages: (request) =>
            inner.findRecordedMessages(request),
          search: (request) => inner.search(request),
          deleteOwner: (who) => inner.deleteOwner(who),
        },
        owner,
        mode: 'static',
      }),
      onError: (error, context) =>
        errors.push([context.operation, (error as Error).message]),
    });
    const agent = createAgent({
      model: fakeModel().respond(new AIMessage('Done.')),
      tools: [],
      middleware: [ltm],
    });

    const state = await agent.invoke({
      messages: [new HumanMessage('Change my seat.')],
    });
    events.push('reply');
    release();
    await ltm.flush();

    expect(state.messages.at(-1)?.text).toBe('Done.');
    expect(events).toStrictEqual(['add-start', 'reply', 'add-end']);
    expect(errors).toStrictEqual([
      ['record', 'Long-term memory add failed: disk full'],
    ]);
  });

  it('should register the tools and inject nothing in agent mode', async () => {
    const backend = createInMemoryLongTermBackend();
    const memory = await seededMemory('agent', backend);
    const model = fakeModel()
      .respondWithTools([
        {
          name: RETRIEVE_FROM_MEMORY_TOOL_NAME,
          args: { keywords: ['XEWRD9'] },
          id: 'c1',
        },
      ])
      .respondWithTools([
        {
          name: RECORD_TO_MEMORY_TOOL_NAME,
          args: { thinking: 'preference', content: ['Prefers aisle seats.'] },
          id: 'c2',
        },
      ])
      .respond(new AIMessage('Noted.'));
    const agent = createAgent({
      model,
      tools: [],
      middleware: [longTermMemoryMiddleware({ memory })],
    });

    const state = await agent.invoke({
      messages: [new HumanMessage('I prefer aisle seats. And XEWRD9?')],
    });

    expect(blocks(model.calls[0]!.messages)).toStrictEqual([
      ['I prefer aisle seats. And XEWRD9?'],
    ]);
    const results = state.messages.filter(
      (message): message is ToolMessage => message.type === 'tool',
    );
    expect(
      results.map((message) => [message.name, message.text]),
    ).toStrictEqual([
      [
        RETRIEVE_FROM_MEMORY_TOOL_NAME,
        '- Reservation XEWRD9 (LAX to ATL) was upgraded to economy.',
      ],
      [RECORD_TO_MEMORY_TOOL_NAME, 'Recorded 1 memory to long-term memory.'],
    ]);
    const hits = await backend.search({ owner, query: 'aisle', limit: 5 });
    expect(hits.map((hit) => hit.record.source)).toStrictEqual(['agent']);
  });

  it('should pick each run’s memory by its config in both mode, after autoContextMiddleware, never mixing owners', async () => {
    const backend = createInMemoryLongTermBackend();
    const memories = new Map([
      ['james', await seededMemory('both', backend, 'james')],
      [
        'mia',
        await seededMemory('both', createInMemoryLongTermBackend(), 'mia'),
      ],
    ]);
    await memories.get('mia')!.remember(['Mia flies to Denver on HAT136.']);
    const model = fakeModel()
      .respond(new AIMessage('James: economy.'))
      .respondWithTools([
        {
          name: RETRIEVE_FROM_MEMORY_TOOL_NAME,
          args: { keywords: ['HAT136'] },
          id: 'c1',
        },
      ])
      .respond(new AIMessage('Mia: Denver.'));
    const ltm = longTermMemoryMiddleware({
      memory: (config) => memories.get(String(config.configurable?.user_id)),
      mode: 'both',
    });
    const agent = createAgent({
      model,
      tools: [],
      middleware: [
        autoContextMiddleware({ store: createInMemorySessionStore() }),
        ltm,
      ],
    });

    await agent.invoke(
      { messages: [new HumanMessage({ id: 'j1', content: 'XEWRD9?' })] },
      { configurable: { thread_id: 't-james', user_id: 'james' } },
    );
    const mia = await agent.invoke(
      { messages: [new HumanMessage({ id: 'm1', content: 'HAT136?' })] },
      { configurable: { thread_id: 't-mia', user_id: 'mia' } },
    );
    await ltm.flush();

    expect(blocks(model.calls[0]!.messages).at(-1)).toStrictEqual([
      BLOCK,
      'XEWRD9?',
    ]);
    expect(blocks(model.calls[1]!.messages).at(-1)).toStrictEqual([
      '<long_term_memory>\n- Mia flies to Denver on HAT136.\n</long_term_memory>',
      'HAT136?',
    ]);
    const tool = mia.messages.find(
      (message): message is ToolMessage => message.type === 'tool',
    );
    expect(tool?.text).toContain('- Mia flies to Denver on HAT136.');
    expect(tool?.text).not.toContain('XEWRD9');
    const james = await backend.search({
      owner: { userId: 'james' },
      query: 'HAT136 Denver Mia',
      limit: 10,
    });
    expect(james).toStrictEqual([]);
  });

  it('should require a mode with a memory getter, and give no tools in static mode', async () => {
    const error = (() => {
      try {
        longTermMemoryMiddleware({ memory: () => undefined });
        return undefined;
      } catch (caught) {
        return caught;
      }
    })();

    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as InvalidArgumentError).parameter).toBe('mode');
    expect(longTermMemoryTools(await seededMemory('static'))).toStrictEqual([]);
    expect(
      longTermMemoryTools(await seededMemory('both')).map((tool) => tool.name),
    ).toStrictEqual([
      RECORD_TO_MEMORY_TOOL_NAME,
      RETRIEVE_FROM_MEMORY_TOOL_NAME,
    ]);
  });
});
