import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryMismatchEvent, Message } from '@acm/core';
import {
  createApproximateTokenCounter,
  createAutoContextMemory,
  getMessageText,
} from '@acm/core';
import { createFileSessionStore } from '@acm/store-file';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { autoContextHook } from '../auto-context/auto-context-hook';
import { scriptedChatModel } from '../testing/scripted-chat-model';
import { createReActAgent } from './create-react-agent';
import type { CreateReActAgentOptions } from './create-react-agent';

const SESSION = 'fix-42';

let directory = '';
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'acm-agent-history-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const stored = () => createFileSessionStore({ directory }).load(SESSION);
const textsOf = (messages: readonly Message[] | undefined) =>
  (messages ?? []).map(
    (message) => `${message.role}: ${getMessageText(message)}`,
  );
const user = (id: string, text: string): Message => ({
  id,
  role: 'user',
  content: [{ type: 'text', text }],
});

/**
 * One process, as the quick start sets the agent up: a memory with a store,
 * `autoContextHook`, `autoSave`; the model answers `answer: <last user text>`.
 */
function startProcess(options: Partial<CreateReActAgentOptions> = {}) {
  const memory = createAutoContextMemory({
    sessionId: SESSION,
    store: createFileSessionStore({ directory }),
    counter: createApproximateTokenCounter(),
  });
  const model = scriptedChatModel((request) => {
    const question = request.messages
      .filter((message) => message.role === 'user')
      .at(-1);
    return {
      message: {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: `answer: ${question === undefined ? '' : getMessageText(question)}`,
          },
        ],
      },
    };
  });
  const agent = createReActAgent({
    model,
    systemPrompt: 'You fix bugs.',
    memory,
    hooks: [autoContextHook({ memory })],
    autoSave: true,
    ...options,
  });
  /** What the model saw on call `index`, system prompt left out. */
  const seen = (index: number) =>
    textsOf(
      model.calls[index]?.messages.filter(
        (message) => message.role !== 'system',
      ),
    );
  return { agent, model, memory, seen };
}

/** The first process: two runs; 4 messages stored. */
async function twoRuns() {
  const { agent } = startProcess();
  await agent.run(user('q1', 'one'));
  await agent.run(user('q2', 'two'));
  const before = await stored();
  expect(textsOf(before?.original)).toEqual([
    'user: one',
    'assistant: answer: one',
    'user: two',
    'assistant: answer: two',
  ]);
  return before!;
}

describe('createReActAgent history across a restart', () => {
  it("should go on from the stored session with only the new input ('append', the default), without load()", async () => {
    const before = await twoRuns();
    const { agent, seen } = startProcess();
    const result = await agent.run('three');
    expect(result.text).toBe('answer: three');
    expect(seen(0)).toEqual([
      'user: one',
      'assistant: answer: one',
      'user: two',
      'assistant: answer: two',
      'user: three',
    ]);
    const after = await stored();
    expect(after?.original.slice(0, 4)).toEqual(before.original);
    expect(textsOf(after?.original.slice(4))).toEqual([
      'user: three',
      'assistant: answer: three',
    ]);
  });

  it("should not store twice an input retried after a failed run ('append')", async () => {
    await twoRuns();
    const failing = startProcess({
      model: scriptedChatModel(() =>
        Promise.reject(new Error('provider down')),
      ),
    });
    await expect(failing.agent.run(user('q3', 'three'))).rejects.toThrow(
      'provider down',
    );
    expect((await stored())?.original).toHaveLength(5);
    // Another process retries the same input.
    const { agent } = startProcess();
    await agent.run(user('q3', 'three'));
    expect(textsOf((await stored())?.original.slice(4))).toEqual([
      'user: three',
      'assistant: answer: three',
    ]);
  });

  it("should refuse, in 'mirror' mode, only the new input before any model call and change nothing", async () => {
    const before = await twoRuns();
    const events: HistoryMismatchEvent[] = [];
    const { agent, model } = startProcess({
      history: 'mirror',
      onHistoryMismatch: (event) => events.push(event),
    });
    await expect(agent.run('three')).rejects.toMatchObject({
      code: 'HISTORY_MISMATCH',
      sessionId: SESSION,
      history: 'mirror',
      storedCount: 4,
      receivedCount: 1,
      divergedAt: 0,
    });
    expect(model.calls).toHaveLength(0);
    expect(events.map((event) => event.outcome)).toEqual(['error']);
    expect(await stored()).toEqual(before);
    // The whole conversation plus the new message is what it takes.
    await agent.run([...before.original, user('q3', 'three')]);
    expect((await stored())?.original).toHaveLength(6);
  });

  it("should refuse by default an input that repeats the stored start and leaves it, and start over with onMismatch 'replace'", async () => {
    const before = await twoRuns();
    const edited = [...before.original.slice(0, 2), user('q2b', 'two, edited')];
    const strict = startProcess();
    await expect(strict.agent.run(edited)).rejects.toMatchObject({
      reason: 'diverged',
      divergedAt: 2,
    });
    expect(strict.model.calls).toHaveLength(0);
    expect(await stored()).toEqual(before);

    const events: HistoryMismatchEvent[] = [];
    const { agent, memory } = startProcess({
      onMismatch: 'replace',
      onHistoryMismatch: (event) => events.push(event),
    });
    await agent.run(edited);
    const after = await stored();
    expect(textsOf(after?.original)).toEqual([
      'user: one',
      'assistant: answer: one',
      'user: two, edited',
      'assistant: answer: two, edited',
    ]);
    expect(events).toEqual([
      expect.objectContaining({
        outcome: 'replace',
        divergedAt: 2,
        dropped: expect.objectContaining({
          count: 2,
          ids: before.original.slice(2).map((message) => message.id),
        }) as unknown,
      }),
    ]);
    // 0 lost: the dropped messages are behind the archive id, in the store too.
    const archiveId = events[0]!.dropped!.archiveId!;
    expect(after?.offloads[archiveId]).toEqual(before.original.slice(2));
    expect(memory.reload(archiveId)).toEqual(before.original.slice(2));
  });
});
