import { ContractViolationError } from '../../vocabulary/error/contract-violation-error';
import type { Message } from '../../vocabulary/message/message';
import { checkContract } from './check-contract';
import type { CheckContractOptions } from './check-contract';

/**
 * Throws {@link ContractViolationError} listing every violation `checkContract`
 * finds in `messages`; returns nothing when the conversation is valid.
 */
export function assertContract(
  messages: readonly Message[],
  options: CheckContractOptions = {},
): void {
  const violations = checkContract(messages, options);
  if (violations.length > 0) {
    throw new ContractViolationError({
      violations,
      message: 'The conversation breaks the ACM contract',
    });
  }
}
