import { describe, expect, it } from 'vitest';
import { resultMessage } from '../context-state/__fixtures__/messages';
import type { ContextState } from '../context-state/context-state';
import { createContextState } from '../context-state/create-context-state';
import { reloadOffload } from './reload-offload';

const state: ContextState = {
  ...createContextState({ sessionId: 'session-1' }),
  offloads: { 'offload-1': [resultMessage] },
};

describe('reloadOffload', () => {
  it('should return the offloaded messages', () => {
    expect(reloadOffload(state, 'offload-1')).toEqual([resultMessage]);
  });

  it('should return undefined for an unknown id', () => {
    expect(reloadOffload(state, 'offload-2')).toBeUndefined();
  });

  it.each(['toString', '__proto__', 'constructor'])(
    'should return undefined for the inherited name %s',
    (offloadId) => {
      expect(reloadOffload(state, offloadId)).toBeUndefined();
    },
  );
});
