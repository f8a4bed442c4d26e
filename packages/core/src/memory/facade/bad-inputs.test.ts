import { describe, expect, it } from 'vitest';
import {
  bashCall,
  bashResult,
  textMessage,
} from '../../vocabulary/message/__fixtures__/message-builders';
import { AcmError } from '../../vocabulary/error/acm-error';
import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import { InvalidStateError } from '../../vocabulary/error/invalid-state-error';
import type { Message } from '../../vocabulary/message/message';
import { fromOpenAIMessages } from '../../formats/openai/from-openai-messages';
import { captureError } from '../../testing/capture-error';
import { fixedClock } from '../../testing/fixed-clock';
import { sequentialIds } from '../../testing/sequential-ids';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import type { AutoContextMemory } from './auto-context-memory';
import { createAutoContextMemory } from './create-auto-context-memory';

// The bad inputs of issue #24 item 8 that the memory accepted or answered
// with a raw Error: each now ends in a typed error and changes nothing.

const u1 = textMessage('u1', 'user', 'Build it.');
const a1 = bashCall('a1', 'c1', 'make');
const t1 = bashResult('t1', 'c1', 'ok');
const f1 = textMessage('f1', 'assistant', 'Built.');

async function createMemory(): Promise<AutoContextMemory> {
  const memory = createAutoContextMemory({
    sessionId: 'session-a',
    counter: createApproximateTokenCounter(),
    clock: fixedClock(1000),
    generateId: sequentialIds('id'),
  });
  await memory.addMessages([u1, a1, t1, f1]);
  return memory;
}

/** The saved state of a memory holding u1 a1 t1 f1, with `working` and `original` edited. */
async function editedState(
  edit: (state: { working: Message[]; original: Message[] }) => void,
): Promise<string> {
  const document = JSON.parse((await createMemory()).saveState()) as {
    working: Message[];
    original: Message[];
  };
  edit(document);
  return JSON.stringify(document);
}

const toolCall = (id: string, callId: string, role: Message['role']) => ({
  id,
  role,
  content: [
    { type: 'tool-call', toolCallId: callId, toolName: 'bash', input: {} },
  ],
});

describe('AutoContextMemory on bad input', () => {
  it.each([
    {
      name: 'an orphan tool result',
      violation: 'orphan-tool-result',
      edit: (state: { working: Message[]; original: Message[] }) => {
        const orphan = bashResult('t9', 'c9', 'x');
        state.working.push(orphan);
        state.original.push(orphan);
      },
    },
    {
      name: 'a call answered by no result, outside the in-flight exchange',
      violation: 'missing-tool-result',
      edit: (state: { working: Message[]; original: Message[] }) => {
        const call = bashCall('a9', 'c9', 'ls');
        const answer = textMessage('f9', 'assistant', 'Done.');
        state.working.push(call, answer);
        state.original.push(call, answer);
      },
    },
    {
      name: 'a tool call inside a user message',
      violation: 'invalid-tool-message',
      edit: (state: { working: Message[]; original: Message[] }) => {
        const pasted = toolCall('u9', 'c9', 'user') as Message;
        state.working.push(pasted);
        state.original.push(pasted);
      },
    },
    {
      name: 'a working message without its original',
      violation: 'missing-original',
      edit: (state: { working: Message[]; original: Message[] }) => {
        state.working.push(textMessage('u9', 'user', 'Hi.'));
      },
    },
  ])(
    'should refuse to load a state with $name, naming it, and keep its own',
    async ({ edit, violation }) => {
      const memory = await createMemory();
      const before = memory.getState();
      const input = await editedState(edit);

      const error = await captureError(() => memory.loadState(input));

      expect(InvalidStateError.isInstance(error)).toBe(true);
      expect((error as InvalidStateError).message).toContain(
        `: ${violation} (`,
      );
      expect(memory.getState()).toBe(before);
    },
  );

  it('should refuse a tool call inside a user message with InvalidMessageError and keep the state', async () => {
    const memory = await createMemory();
    const before = memory.getState();

    const error = await captureError(() =>
      memory.addMessage(toolCall('u9', 'c9', 'user') as Message),
    );

    expect(InvalidMessageError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      reason: 'invalid-tool-message',
      messageId: 'u9',
      toolCallId: 'c9',
    });
    expect(memory.getState()).toBe(before);
  });

  it('should turn a content getter that throws into an AcmError with the thrown error as cause', async () => {
    const memory = await createMemory();
    const before = memory.getState();
    const boom = new Error('content unavailable');

    const error = await captureError(() =>
      memory.addMessage({
        id: 'u9',
        role: 'user',
        get content(): never {
          throw boom;
        },
      }),
    );

    expect(AcmError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'INVALID_MESSAGE',
      reason: 'invalid-shape',
      cause: boom,
    });
    expect(memory.getState()).toBe(before);
  });

  it('should refuse an OpenAI user message without content before it reaches the memory', async () => {
    const error = await captureError(() =>
      fromOpenAIMessages([{ role: 'user', content: 'Hi.' }, { role: 'user' }]),
    );

    expect(InvalidMessageError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ index: 1, reason: 'invalid-content' });
  });
});
