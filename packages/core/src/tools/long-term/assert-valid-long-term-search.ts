import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { assertValidEmbedding } from './assert-valid-long-term-records';
import type { LongTermSearchRequest } from './long-term-memory-backend';
import { LONG_TERM_LIMITS } from './long-term-limits';
import { assertValidMemoryOwner } from './memory-owner';

/**
 * Checks a search request: a valid owner, a string query of at most
 * `maxQueryChars` characters (it may be blank: it then finds nothing unless
 * an embedding is given), an integer limit from 1 to `maxSearchLimit` and,
 * when given, a valid embedding.
 *
 * @throws InvalidArgumentError otherwise.
 */
export function assertValidLongTermSearch(
  request: unknown,
): asserts request is LongTermSearchRequest {
  if (request === null || typeof request !== 'object') {
    throw new InvalidArgumentError({
      parameter: 'request',
      value: request,
      message: 'must be an object { owner, query, limit, embedding? }',
    });
  }
  const r = request as Record<string, unknown>;
  assertValidMemoryOwner(r.owner, 'request.owner');
  if (typeof r.query !== 'string') {
    throw new InvalidArgumentError({
      parameter: 'request.query',
      value: r.query,
      message: 'must be a string',
    });
  }
  if (r.query.length > LONG_TERM_LIMITS.maxQueryChars) {
    throw new InvalidArgumentError({
      parameter: 'request.query',
      value: r.query.length,
      message: `is longer than ${LONG_TERM_LIMITS.maxQueryChars} characters`,
    });
  }
  if (
    typeof r.limit !== 'number' ||
    !Number.isInteger(r.limit) ||
    r.limit < 1 ||
    r.limit > LONG_TERM_LIMITS.maxSearchLimit
  ) {
    throw new InvalidArgumentError({
      parameter: 'request.limit',
      value: r.limit,
      message: `must be an integer from 1 to ${LONG_TERM_LIMITS.maxSearchLimit}`,
    });
  }
  if (r.embedding !== undefined) {
    assertValidEmbedding(r.embedding, 'request.embedding');
  }
}
