import { describe, expect, it } from 'vitest';
import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import type { Message } from '../../vocabulary/message/message';
import {
  answerMessage,
  callMessage,
  resultMessage,
  systemMessage,
  userMessage,
} from './__fixtures__/messages';
import { AppendableState } from './appendable-state';
import { createContextState } from './create-context-state';
import { deleteWorkingMessage } from './delete-working-message';

function text(id: string, role: Message['role'] = 'user'): Message {
  return { id, role, content: [{ type: 'text', text: id }] };
}

describe('AppendableState', () => {
  it('should append to working and original and bump the revision', () => {
    const log = new AppendableState(
      createContextState({ sessionId: 's', messages: [systemMessage] }),
    );

    expect(
      log.append([userMessage, callMessage, resultMessage]),
    ).not.toHaveLength(0);

    expect(log.state).toEqual({
      sessionId: 's',
      working: [systemMessage, userMessage, callMessage, resultMessage],
      original: [systemMessage, userMessage, callMessage, resultMessage],
      offloads: {},
      events: [],
      revision: 1,
    });
    expect(log.working[1]).toBe(userMessage);
  });

  it('should hand out frozen snapshots that later appends leave unchanged', () => {
    const log = new AppendableState(createContextState({ sessionId: 's' }));
    log.append([userMessage]);
    const before = log.state;
    const working = log.working;

    log.append([answerMessage]);

    expect(Object.isFrozen(before)).toBe(true);
    expect(Object.isFrozen(before.working)).toBe(true);
    expect(Object.isFrozen(before.original)).toBe(true);
    expect(before.working).toEqual([userMessage]);
    expect(working).toEqual([userMessage]);
    expect(before.revision).toBe(1);
    expect(log.working).toEqual([userMessage, answerMessage]);
    expect(Object.isFrozen(log.working)).toBe(true);
    expect(log.state.revision).toBe(2);
  });

  it('should return the same snapshot until the next change', () => {
    const log = new AppendableState(createContextState({ sessionId: 's' }));
    log.append([userMessage]);

    expect(log.state).toBe(log.state);
    expect(log.working).toBe(log.state.working);
    expect(log.append([])).toHaveLength(0);
    expect(log.state.revision).toBe(1);
  });

  it('should reject an id already in original, in working or twice in the batch, appending nothing', () => {
    const log = new AppendableState(
      createContextState({ sessionId: 's', messages: [text('a'), text('b')] }),
    );
    // A working-only message (as a summary is): replaced state.
    log.replace({
      ...log.state,
      working: [...log.state.working, text('summary', 'assistant')],
      revision: 1,
    });

    for (const batch of [
      [text('c'), text('a')],
      [text('summary')],
      [text('c'), text('c')],
    ]) {
      expect(() => log.append(batch)).toThrow(InvalidMessageError);
    }
    expect(log.state.revision).toBe(1);
    expect(log.working.map((message) => message.id)).toEqual([
      'a',
      'b',
      'summary',
    ]);
  });

  it('should free a working-only id once the replacement drops it', () => {
    const log = new AppendableState(
      createContextState({ sessionId: 's', messages: [text('a')] }),
    );
    log.replace({
      ...log.state,
      working: [...log.state.working, text('summary', 'assistant')],
      revision: 1,
    });
    log.append([text('b')]);
    log.replace(deleteWorkingMessage(log.state, 1));

    expect(log.append([text('summary')])).not.toHaveLength(0);
    expect(log.working.map((message) => message.id)).toEqual([
      'a',
      'b',
      'summary',
    ]);
    expect(log.original.map((message) => message.id)).toEqual([
      'a',
      'b',
      'summary',
    ]);
  });

  it('should keep an original id taken after a replacement that keeps original', () => {
    const log = new AppendableState(
      createContextState({ sessionId: 's', messages: [text('a')] }),
    );
    log.append([text('b')]);
    log.replace(deleteWorkingMessage(log.state, 1));

    expect(() => log.append([text('b')])).toThrow(InvalidMessageError);
    expect(log.working.map((message) => message.id)).toEqual(['a']);
  });

  it('should freeze a replacing state and return it as is', () => {
    const log = new AppendableState(createContextState({ sessionId: 's' }));
    const next = {
      sessionId: 's',
      working: [userMessage],
      original: [userMessage],
      offloads: { x: [answerMessage] },
      events: [],
      revision: 3,
    };

    log.replace(next);

    expect(log.state).toBe(next);
    expect(Object.isFrozen(next.offloads)).toBe(true);
    expect(Object.isFrozen(next.offloads.x)).toBe(true);
    expect(Object.isFrozen(next.working)).toBe(true);
  });
});
