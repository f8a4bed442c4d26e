import { describe, expect, it } from 'vitest';
import {
  bashCall,
  bashResult,
  textMessage,
} from '../../vocabulary/message/__fixtures__/message-builders';
import { checkContract } from '../../state/contract/check-contract';
import { checkStateContract } from '../../state/contract/check-state-contract';
import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import { InvalidStateError } from '../../vocabulary/error/invalid-state-error';
import { captureError } from '../../testing/capture-error';
import { fixedClock } from '../../testing/fixed-clock';
import { sequentialIds } from '../../testing/sequential-ids';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import { createAutoContextMemory } from './create-auto-context-memory';

function createMemory() {
  return createAutoContextMemory({
    sessionId: 'session-a',
    counter: createApproximateTokenCounter(),
    clock: fixedClock(1000),
    generateId: sequentialIds('id'),
  });
}

const u1 = textMessage('u1', 'user', 'Build it.');
const a1 = bashCall('a1', 'c1', 'make');
const t1 = bashResult('t1', 'c1', 'ok');
const f1 = textMessage('f1', 'assistant', 'Built.');

describe('AutoContextMemory at the boundary', () => {
  it('should reject an orphan tool result with a typed error and keep the state', async () => {
    const memory = createMemory();
    await memory.addMessages([u1]);
    const before = memory.getState();

    const error = await captureError(() =>
      memory.addMessage(bashResult('t9', 'c9', 'x')),
    );

    expect(InvalidMessageError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'INVALID_MESSAGE',
      reason: 'orphan-tool-result',
      messageId: 't9',
      toolCallId: 'c9',
      message:
        'Invalid message at index 0 (orphan-tool-result): message "t9": no earlier tool call has id "c9"',
    });
    expect(memory.getState()).toBe(before);
  });

  it('should repair an imported history with toolPairing drop and keep its own contract', async () => {
    const memory = createMemory();
    await memory.addMessages(
      [
        u1,
        bashResult('t0', 'c0', 'orphan'),
        a1,
        t1,
        bashResult('t1b', 'c1', 'twice'),
        f1,
      ],
      { toolPairing: 'drop' },
    );

    expect(memory.getMessages().map((message) => message.id)).toEqual([
      'u1',
      'a1',
      't1',
      'f1',
    ]);
    expect(checkStateContract({ after: memory.getState() })).toEqual([]);
  });

  it('should delete a whole exchange so that no result is orphaned', async () => {
    const memory = createMemory();
    await memory.addMessages([u1, a1, t1, f1]);

    expect(await memory.deleteMessage(1)).toBe(true);
    expect(memory.getMessages().map((message) => message.id)).toEqual([
      'u1',
      'f1',
    ]);
    // Deleting hides messages from the model (they stay in the originals):
    // only the message contract applies to working memory.
    expect(checkContract(memory.getMessages())).toEqual([]);
  });

  it('should accept loadState(getState())', async () => {
    const memory = createMemory();
    await memory.addMessages([u1, a1, t1, f1]);
    const state = memory.getState();

    await memory.loadState(state);

    expect(memory.getState()).toEqual(state);
  });

  it('should still reject an invalid ContextState object with a typed error', async () => {
    const memory = createMemory();
    await memory.addMessages([u1]);
    const state = memory.getState();

    const error = await captureError(() =>
      memory.loadState({ ...state, working: 'nope' }),
    );

    expect(InvalidStateError.isInstance(error)).toBe(true);
    expect(memory.getState()).toBe(state);
  });
});
