import { ContractViolationError } from '../../vocabulary/error/contract-violation-error';
import { checkStateContract } from './check-state-contract';
import type { CheckStateContractOptions } from './check-state-contract';

/**
 * Throws {@link ContractViolationError} listing every violation
 * `checkStateContract` finds; returns nothing when the state is valid.
 */
export function assertStateContract(options: CheckStateContractOptions): void {
  const violations = checkStateContract(options);
  if (violations.length > 0) {
    throw new ContractViolationError({
      violations,
      message: 'The state breaks the ACM contract',
    });
  }
}
