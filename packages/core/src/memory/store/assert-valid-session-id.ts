import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';

/**
 * The longest session id every store accepts, in UTF-16 code units. Bounded so
 * the id fits a Postgres btree key and a file name (with a hash) everywhere.
 */
export const MAX_SESSION_ID_LENGTH = 512;

/** A NUL character or a lone surrogate (with the `u` flag, paired surrogates do not match). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for.
const UNSUPPORTED_CHARACTER = /[\u0000\uD800-\uDFFF]/u;

/**
 * Checks a session id before a store uses it: a non-empty string of at most
 * {@link MAX_SESSION_ID_LENGTH} code units, without NUL characters or lone
 * surrogates (which UTF-8 backends cannot hold and would silently merge).
 * Every other character is allowed: stores encode ids so that `a/b`, `../x`
 * or spaces never escape their namespace or collide.
 *
 * @throws InvalidArgumentError (parameter `sessionId`) otherwise.
 */
export function assertValidSessionId(
  sessionId: unknown,
): asserts sessionId is string {
  if (typeof sessionId !== 'string' || sessionId === '') {
    throw new InvalidArgumentError({
      parameter: 'sessionId',
      value: sessionId,
      message: 'expected a non-empty string',
    });
  }
  if (sessionId.length > MAX_SESSION_ID_LENGTH) {
    throw new InvalidArgumentError({
      parameter: 'sessionId',
      value: sessionId,
      message: `expected at most ${MAX_SESSION_ID_LENGTH} characters, found ${sessionId.length}`,
    });
  }
  if (UNSUPPORTED_CHARACTER.test(sessionId)) {
    throw new InvalidArgumentError({
      parameter: 'sessionId',
      value: sessionId,
      message: 'must not contain NUL characters or lone surrogates',
    });
  }
}
