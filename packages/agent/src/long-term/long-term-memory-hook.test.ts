import {
  createAutoContextMemory,
  getMessageText,
  stringifyToolOutput,
} from '@acm/core';
import {
  RECORD_TO_MEMORY_TOOL_NAME,
  RETRIEVE_FROM_MEMORY_TOOL_NAME,
  createInMemoryLongTermBackend,
  createLongTermMemory,
} from '@acm/core/long-term';
import type {
  LongTermMemoryBackend,
  LongTermMemoryMode,
} from '@acm/core/long-term';
import { fixedClock, sequentialIds } from '@acm/core/testing';
import { describe, expect, it } from 'vitest';
import { autoContextHook } from '../auto-context/auto-context-hook';
import type { ChatModelRequest } from '../model/chat-model';
import { createReActAgent } from '../react-agent/create-react-agent';
import { scriptedChatModel } from '../testing/scripted-chat-model';
import { longTermMemoryHook } from './long-term-memory-hook';

const owner = { userId: 'james_lee_6136' };
const SYSTEM = 'You are an airline agent.';
const BLOCK =
  '<long_term_memory>\n- Reservation XEWRD9 (LAX to ATL) was upgraded to economy.\n</long_term_memory>';

function text(value: string) {
  return {
    message: {
      role: 'assistant' as const,
      content: [{ type: 'text' as const, text: value }],
    },
  };
}

function call(toolName: string, input: unknown, id = 'call-1') {
  return {
    message: {
      role: 'assistant' as const,
      content: [
        { type: 'tool-call' as const, toolCallId: id, toolName, input },
      ],
    },
  };
}

async function seededMemory(
  mode: LongTermMemoryMode,
  backend: LongTermMemoryBackend = createInMemoryLongTermBackend(),
) {
  const memory = createLongTermMemory({
    backend,
    owner,
    mode,
    clock: fixedClock(1_700_000_000_000),
    ids: sequentialIds('ltm'),
  });
  await memory.remember([
    'Reservation XEWRD9 (LAX to ATL) was upgraded to economy.',
    'The customer likes window seats.',
  ]);
  return memory;
}

/** The text of each message a request sent, by part. */
function sent(request: ChatModelRequest): string[][] {
  return request.messages.map((message) =>
    message.content.map((part) =>
      part.type === 'text'
        ? part.text
        : part.type === 'tool-result'
          ? stringifyToolOutput(part.output)
          : '',
    ),
  );
}

function createAgent(
  hook: ReturnType<typeof longTermMemoryHook>,
  script: Parameters<typeof scriptedChatModel>[0],
) {
  const memory = createAutoContextMemory({
    sessionId: 'session-1',
    clock: fixedClock(0),
    generateId: sequentialIds('memory'),
  });
  const model = scriptedChatModel(script);
  const agent = createReActAgent({
    model,
    memory,
    systemPrompt: SYSTEM,
    generateId: sequentialIds('agent'),
    clock: fixedClock(0),
    tools: [
      {
        name: 'get_reservation_details',
        description: 'Looks a reservation up.',
        inputSchema: { type: 'object', properties: {} },
        execute: () => '{"origin":"LAX","destination":"ATL"}',
      },
    ],
    hooks: [autoContextHook({ memory }), hook],
  });
  return { agent, model };
}

describe('longTermMemoryHook', () => {
  it('should inject the memories into the latest user message of every step, in the request only, and record the run', async () => {
    const backend = createInMemoryLongTermBackend();
    const memory = await seededMemory('static', backend);
    const hook = longTermMemoryHook({ memory });
    let searches = 0;
    const { agent, model } = createAgent(hook, [
      call('get_reservation_details', {}),
      text('XEWRD9 flies LAX to ATL in economy.'),
    ]);
    const search = backend.search.bind(backend);
    backend.search = (request) => {
      searches++;
      return search(request);
    };

    const result = await agent.run('Where does XEWRD9 fly?');
    await hook.flush();

    expect(result.text).toBe('XEWRD9 flies LAX to ATL in economy.');
    expect(searches).toBe(1);
    expect(model.calls.map(sent)).toStrictEqual([
      [
        [expect.stringContaining(SYSTEM) as string],
        [BLOCK, 'Where does XEWRD9 fly?'],
      ],
      [
        [expect.stringContaining(SYSTEM) as string],
        [BLOCK, 'Where does XEWRD9 fly?'],
        [''],
        ['{"origin":"LAX","destination":"ATL"}'],
      ],
    ]);
    // The stored conversation never holds the block.
    expect(
      agent.memory
        .getOriginalMessages()
        .map((message) => getMessageText(message)),
    ).not.toContain(expect.stringContaining('<long_term_memory>'));
    const recorded = await backend.search({
      owner,
      query: 'economy LAX ATL',
      limit: 10,
    });
    expect(recorded.map((hit) => hit.record.text).sort()).toStrictEqual([
      'Reservation XEWRD9 (LAX to ATL) was upgraded to economy.',
      'XEWRD9 flies LAX to ATL in economy.',
      'get_reservation_details: {"origin":"LAX","destination":"ATL"}',
    ]);
  });

  it('should resolve the run before a slow recording, and report its failure to onError', async () => {
    const events: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inner = createInMemoryLongTermBackend();
    const memory = createLongTermMemory({
      backend: {
        ...inner,
        add: async () => {
          events.push('add-start');
          await gate;
          events.push('add-end');
          throw new Error('disk full');
        },
        search: (request) => inner.search(request),
        deleteOwner: (who) => inner.deleteOwner(who),
      },
      owner,
      mode: 'static',
    });
    const errors: unknown[] = [];
    const hook = longTermMemoryHook({
      memory,
      onError: (error, context) =>
        errors.push([context.operation, (error as Error).message]),
    });
    const { agent } = createAgent(hook, [text('Done.')]);

    const result = await agent.run('Change my seat.');
    events.push('run-resolved');
    release();
    await hook.flush();

    expect(result.text).toBe('Done.');
    // The recording was held at its add until after the run resolved.
    expect([...events].sort()).toStrictEqual([
      'add-end',
      'add-start',
      'run-resolved',
    ]);
    expect(events.at(-1)).toBe('add-end');
    expect(errors).toStrictEqual([
      ['record', 'Long-term memory add failed: disk full'],
    ]);
  });

  it('should register the tools and inject nothing in agent mode', async () => {
    const backend = createInMemoryLongTermBackend();
    const memory = await seededMemory('agent', backend);
    const hook = longTermMemoryHook({ memory });
    const { agent, model } = createAgent(hook, [
      call(RETRIEVE_FROM_MEMORY_TOOL_NAME, { keywords: ['XEWRD9'] }),
      call(
        RECORD_TO_MEMORY_TOOL_NAME,
        { thinking: 'preference', content: ['Prefers aisle seats.'] },
        'call-2',
      ),
      text('Noted.'),
    ]);

    await agent.run('I prefer aisle seats. And XEWRD9?');
    await hook.flush();

    expect(model.calls[0]!.tools.map((tool) => tool.name)).toStrictEqual(
      expect.arrayContaining([
        RECORD_TO_MEMORY_TOOL_NAME,
        RETRIEVE_FROM_MEMORY_TOOL_NAME,
      ]) as string[],
    );
    expect(sent(model.calls[0]!)[1]).toStrictEqual([
      'I prefer aisle seats. And XEWRD9?',
    ]);
    expect(sent(model.calls[1]!).at(-1)).toStrictEqual([
      '- Reservation XEWRD9 (LAX to ATL) was upgraded to economy.',
    ]);
    expect(sent(model.calls[2]!).at(-1)).toStrictEqual([
      'Recorded 1 memory to long-term memory.',
    ]);
    const hits = await backend.search({ owner, query: 'aisle', limit: 5 });
    expect(hits.map((hit) => hit.record.source)).toStrictEqual(['agent']);
  });

  it('should do both in both mode', async () => {
    const memory = await seededMemory('both');
    const hook = longTermMemoryHook({ memory });
    const { agent, model } = createAgent(hook, [text('XEWRD9 is economy.')]);

    await agent.run('Is XEWRD9 upgraded?');
    await hook.flush();

    expect(model.calls[0]!.tools.map((tool) => tool.name)).toContain(
      RECORD_TO_MEMORY_TOOL_NAME,
    );
    expect(sent(model.calls[0]!)[1]).toStrictEqual([
      BLOCK,
      'Is XEWRD9 upgraded?',
    ]);
  });
});
