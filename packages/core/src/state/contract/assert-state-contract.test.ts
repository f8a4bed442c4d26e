import { describe, expect, it } from 'vitest';
import { ContractViolationError } from '../../vocabulary/error/contract-violation-error';
import { createContextState } from '../context-state/create-context-state';
import { deleteWorkingMessage } from '../context-state/delete-working-message';
import { conversationFixture } from './__fixtures__/conversations';
import { assertStateContract } from './assert-state-contract';

const before = createContextState({
  sessionId: 'session-1',
  messages: conversationFixture,
});

describe('assertStateContract', () => {
  it('should return for a valid state', () => {
    expect(() => assertStateContract({ after: before })).not.toThrow();
  });

  it('should throw a ContractViolationError for a lost message', () => {
    const after = deleteWorkingMessage(before, 0);

    expect(() => assertStateContract({ after, before })).toThrow(
      ContractViolationError,
    );
    expect(() => assertStateContract({ after, before })).toThrow(
      'The state breaks the ACM contract (1 violation):\n- message-lost at index 0: message "m0" is neither in working memory nor behind a reachable offload',
    );
  });
});
