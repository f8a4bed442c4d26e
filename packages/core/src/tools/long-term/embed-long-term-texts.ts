import { LongTermMemoryError } from '../../vocabulary/error/long-term-memory-error';
import { assertValidEmbedding } from './assert-valid-long-term-records';
import { guardLongTermOperation } from './guard-long-term-operation';
import type { EmbedFunction } from './long-term-memory-backend';

/**
 * The vectors `embed` gives `texts`, checked (one valid vector per text);
 * `undefined` without `embed` or texts.
 */
export async function embedLongTermTexts(
  embed: EmbedFunction | undefined,
  texts: readonly string[],
): Promise<readonly (readonly number[])[] | undefined> {
  if (embed === undefined || texts.length === 0) return undefined;
  const vectors = await guardLongTermOperation(
    'embed',
    async () => await embed(texts),
  );
  if (!Array.isArray(vectors) || vectors.length !== texts.length) {
    throw new LongTermMemoryError({
      operation: 'embed',
      message: `embed returned ${Array.isArray(vectors) ? vectors.length : typeof vectors} vectors for ${texts.length} texts`,
    });
  }
  for (const [index, vector] of vectors.entries()) {
    try {
      assertValidEmbedding(vector, `embed()[${index}]`);
    } catch (error) {
      throw new LongTermMemoryError({
        operation: 'embed',
        message: `embed returned a bad vector at ${index}: ${(error as Error).message}`,
        cause: error,
      });
    }
  }
  return vectors as readonly (readonly number[])[];
}
