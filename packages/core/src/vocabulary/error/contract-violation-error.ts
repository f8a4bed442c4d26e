import type { ContractViolation } from './contract-violation';
import { AcmError } from './acm-error';

const name = 'AcmContractViolationError';
const marker = `acm.error.${name}`;
const symbol = Symbol.for(marker);

/** How many violations the error message lists; `violations` always has them all. */
const LISTED_VIOLATIONS = 20;

/**
 * A conversation or state breaks the ACM contract (DESIGN §5): a broken
 * invariant, so a bug in ACM or in the code that built the messages. Thrown by
 * `assertContract` / `assertStateContract` (tests, and callers that want a contract breach to throw).
 */
export class ContractViolationError extends AcmError {
  private readonly [symbol] = true;
  declare readonly code: 'CONTRACT_VIOLATION';

  /** Every violation found, in the order the checker reported them. */
  readonly violations: readonly ContractViolation[];

  constructor({
    violations,
    message = 'Contract violated',
    cause,
  }: {
    violations: readonly ContractViolation[];
    /**
     * Leading sentence; the violations are listed after it.
     * @default 'Contract violated'
     */
    message?: string;
    cause?: unknown;
  }) {
    const lines = violations
      .slice(0, LISTED_VIOLATIONS)
      .map(
        (violation) =>
          `- ${violation.kind} at index ${violation.index}: ${violation.detail}`,
      );
    if (violations.length > LISTED_VIOLATIONS) {
      lines.push(`- … and ${violations.length - LISTED_VIOLATIONS} more`);
    }
    super({
      name,
      code: 'CONTRACT_VIOLATION',
      message: `${message} (${violations.length} violation${violations.length === 1 ? '' : 's'}):\n${lines.join('\n')}`,
      cause,
    });
    this.violations = violations;
  }

  static override isInstance(error: unknown): error is ContractViolationError {
    return AcmError.hasMarker(error, marker);
  }
}
