import { describe, expect, it } from 'vitest';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import { sequentialIds } from '../../testing/sequential-ids';
import type { Message } from '../../vocabulary/message/message';
import { createInMemorySessionStore } from '../store/in-memory-session-store';
import { AutoContextMemory } from './auto-context-memory';

const text = (
  id: string,
  role: 'user' | 'assistant',
  body: string,
): Message => ({
  id,
  role,
  content: [{ type: 'text', text: body }],
});

const call = (id: string, toolCallId: string): Message => ({
  id,
  role: 'assistant',
  content: [
    { type: 'tool-call', toolCallId, toolName: 'read_file', input: { id } },
  ],
});

const result = (id: string, toolCallId: string): Message => ({
  id,
  role: 'tool',
  content: [
    {
      type: 'tool-result',
      toolCallId,
      toolName: 'read_file',
      output: `${id} ${'payload '.repeat(900)}`,
    },
  ],
});

function newMemory(
  options: ConstructorParameters<typeof AutoContextMemory>[0] = {},
) {
  return new AutoContextMemory({
    sessionId: 's',
    counter: createApproximateTokenCounter(),
    generateId: sequentialIds('off'),
    config: { maxToken: 2000 },
    ...options,
  });
}

/** A memory whose first large message was offloaded behind a reload id. */
async function offloaded() {
  const memory = newMemory();
  await memory.addMessages([
    text('u0', 'user', 'Read the file.'),
    call('a0', 'c0'),
    result('t0', 'c0'),
    text('a1', 'assistant', 'Read it.'),
    text('u1', 'user', 'Next.'),
    text('a2', 'assistant', 'Done.'),
    text('u2', 'user', 'And?'),
  ]);
  await memory.compressIfNeeded({ force: true });
  const [offloadId] = Object.keys(memory.getOffloadContext());
  return { memory, offloadId: offloadId! };
}

describe('AutoContextMemory.getEpochs', () => {
  it('should move neither epoch on an append, state on other changes, history when the history is replaced', async () => {
    const memory = newMemory();
    const seen = [memory.getEpochs()];
    await memory.addMessages([
      text('u0', 'user', 'hello'),
      text('a0', 'assistant', 'hi'),
    ]);
    seen.push(memory.getEpochs());
    await memory.deleteMessage(1);
    seen.push(memory.getEpochs());
    await memory.offload([text('x', 'user', 'aside')]);
    seen.push(memory.getEpochs());
    const saved = memory.saveState();
    await memory.clear();
    seen.push(memory.getEpochs());
    await memory.loadState(saved);
    seen.push(memory.getEpochs());

    expect(seen).toStrictEqual([
      { history: 0, state: 0 },
      { history: 0, state: 0 },
      { history: 0, state: 1 },
      { history: 0, state: 2 },
      { history: 1, state: 3 },
      { history: 2, state: 4 },
    ]);
    expect(Object.isFrozen(memory.getEpochs())).toBe(true);
  });

  it('should keep the history epoch over a compression', async () => {
    const { memory } = await offloaded();
    expect(Object.keys(memory.getOffloadContext())).toHaveLength(1);
    expect(memory.getEpochs()).toStrictEqual({ history: 0, state: 1 });
  });

  it('should move the history epoch on load() from a store', async () => {
    const store = createInMemorySessionStore();
    const writer = newMemory({ store });
    await writer.addMessage(text('u0', 'user', 'hello'));
    await writer.save();
    const reader = newMemory({ store });
    await reader.load();
    expect(reader.getEpochs().history).toBe(1);
  });
});

describe('AutoContextMemory derived state', () => {
  it('should set the calibration back to 1 when the history is replaced, not when it is compressed', async () => {
    const { memory } = await offloaded();
    memory.setCalibration(150, 100);
    await memory.addMessage(text('a3', 'assistant', 'More.'));
    await memory.compressIfNeeded({ force: true });
    expect(memory.getCalibration()).toBe(1.5);

    const saved = memory.saveState();
    await memory.clear();
    expect(memory.getCalibration()).toBe(1);

    memory.setCalibration(150, 100);
    await memory.loadState(saved);
    expect(memory.getCalibration()).toBe(1);
  });

  it('should answer "cleared" for a cleared entry after the state is read back (a stub still names it)', async () => {
    const { memory, offloadId } = await offloaded();
    await memory.clearOffload(offloadId);
    expect(memory.lookupOffload(offloadId)).toStrictEqual({
      status: 'cleared',
    });

    const restarted = newMemory();
    await restarted.loadState(memory.saveState());

    expect(restarted.lookupOffload(offloadId)).toStrictEqual({
      status: 'cleared',
    });
    expect(restarted.lookupOffload('s_unknown')).toStrictEqual({
      status: 'not-found',
    });
  });

  it('should forget the ids cleared from a history that loadState replaced', async () => {
    const { memory, offloadId } = await offloaded();
    const saved = memory.saveState();
    await memory.clear();
    expect(memory.lookupOffload(offloadId)).toStrictEqual({
      status: 'cleared',
    });

    await memory.loadState(saved);
    expect(memory.lookupOffload(offloadId).status).toBe('found');

    await memory.loadState(newMemory().saveState());
    expect(memory.lookupOffload(offloadId)).toStrictEqual({
      status: 'not-found',
    });
  });
});
