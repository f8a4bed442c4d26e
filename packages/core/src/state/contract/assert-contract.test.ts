import { describe, expect, it } from 'vitest';
import { ContractViolationError } from '../../vocabulary/error/contract-violation-error';
import { conversationFixture } from './__fixtures__/conversations';
import { assertContract } from './assert-contract';

describe('assertContract', () => {
  it('should return for a valid conversation', () => {
    expect(() => assertContract(conversationFixture)).not.toThrow();
  });

  it('should throw a ContractViolationError listing every violation', () => {
    const messages = [
      ...conversationFixture.slice(0, 4),
      ...conversationFixture.slice(5),
      { ...conversationFixture[0]!, id: 'm1' },
    ];

    let caught: unknown;
    try {
      assertContract(messages);
    } catch (error) {
      caught = error;
    }

    expect(ContractViolationError.isInstance(caught)).toBe(true);
    const error = caught as ContractViolationError;
    expect(error.code).toBe('CONTRACT_VIOLATION');
    expect(
      error.violations.map(({ kind, index }) => ({ kind, index })),
    ).toEqual([
      { kind: 'missing-tool-result', index: 2 },
      { kind: 'duplicate-message-id', index: 7 },
    ]);
    expect(error.message).toBe(
      [
        'The conversation breaks the ACM contract (2 violations):',
        '- missing-tool-result at index 2: no result answers tool call "c2", and its exchange is not in flight',
        '- duplicate-message-id at index 7: message id "m1" is already used at index 1',
      ].join('\n'),
    );
  });
});
