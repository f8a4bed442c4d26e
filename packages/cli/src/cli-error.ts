const marker = Symbol.for('acm.error.AcmCliError');

/** Why the command failed; decides the exit code (`usage` → 2, the rest → 1). */
export type CliErrorCode = 'usage' | 'input' | 'config' | 'output';

/**
 * An error of the `acm` command with a message written for the user. Usage
 * errors (unknown flag, missing argument, bad value) exit with 2, everything
 * else with 1.
 */
export class CliError extends Error {
  private readonly [marker] = true;
  readonly code: CliErrorCode;
  /** The command-line option the error is about (`--max-token`), when one is. */
  readonly option?: string;
  override readonly cause?: unknown;

  constructor({
    code,
    message,
    option,
    cause,
  }: {
    code: CliErrorCode;
    message: string;
    option?: string;
    cause?: unknown;
  }) {
    super(message);
    this.name = 'AcmCliError';
    this.code = code;
    if (option !== undefined) this.option = option;
    this.cause = cause;
  }

  /** The process exit code for this error: 2 for usage errors, 1 otherwise. */
  get exitCode(): 1 | 2 {
    return this.code === 'usage' ? 2 : 1;
  }

  /** Whether `error` is a `CliError`, from any copy of this package. */
  static isInstance(error: unknown): error is CliError {
    return (
      error != null &&
      typeof error === 'object' &&
      (error as Record<symbol, unknown>)[marker] === true
    );
  }
}
