import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { embedLongTermTexts } from './embed-long-term-texts';
import { guardLongTermOperation } from './guard-long-term-operation';
import { LONG_TERM_LIMITS } from './long-term-limits';
import type { LongTermSearchHit } from './long-term-memory-backend';
import type { LongTermMemorySetup } from './resolve-long-term-memory-options';

/**
 * The owner's records that match `query` (trimmed and cut to the longest
 * query), best first, by the backend's search over its text and, with
 * `embed`, its vector; `[]` for a blank query.
 */
export async function searchLongTermMemory(
  setup: Pick<
    LongTermMemorySetup,
    'backend' | 'owner' | 'embed' | 'embedTimeoutMs' | 'timeoutSignal'
  >,
  query: string,
  limit: number,
): Promise<readonly LongTermSearchHit[]> {
  if (typeof query !== 'string') {
    throw new InvalidArgumentError({
      parameter: 'query',
      value: query,
      message: 'must be a string',
    });
  }
  const text = query.trim().slice(0, LONG_TERM_LIMITS.maxQueryChars);
  if (text === '') return [];
  const { backend, owner } = setup;
  const vectors = await embedLongTermTexts(setup, [text]);
  return guardLongTermOperation('search', () =>
    backend.search({
      owner,
      query: text,
      limit,
      ...(vectors !== undefined ? { embedding: vectors[0] } : {}),
    }),
  );
}
