import { describe, expect, it } from 'vitest';
import type { ContractViolation } from './contract-violation';
import { AcmError } from './acm-error';
import { ContractViolationError } from './contract-violation-error';

describe('ContractViolationError', () => {
  it('should carry its code and violations and be recognized across copies', () => {
    const violations: ContractViolation[] = [
      {
        kind: 'orphan-tool-result',
        index: 4,
        toolCallId: 'c9',
        detail: 'no call',
      },
    ];

    const error = new ContractViolationError({ violations });

    expect(error.code).toBe('CONTRACT_VIOLATION');
    expect(error.name).toBe('AcmContractViolationError');
    expect(error.violations).toBe(violations);
    expect(error.message).toBe(
      'Contract violated (1 violation):\n- orphan-tool-result at index 4: no call',
    );
    expect(ContractViolationError.isInstance(error)).toBe(true);
    expect(AcmError.isInstance(error)).toBe(true);
    expect(ContractViolationError.isInstance(new Error('x'))).toBe(false);
  });

  it('should list at most 20 violations in its message', () => {
    const violations: ContractViolation[] = Array.from(
      { length: 25 },
      (_, index) => ({
        kind: 'duplicate-message-id',
        index,
        detail: 'dup',
      }),
    );

    const error = new ContractViolationError({ violations });

    expect(error.message.split('\n')).toHaveLength(22);
    expect(error.message.endsWith('- … and 5 more')).toBe(true);
    expect(error.violations).toHaveLength(25);
  });
});
