import { releaseTimeoutSignal } from '../../engine/loop/release-timeout-signal';
import { LongTermMemoryError } from '../../vocabulary/error/long-term-memory-error';
import { raceAbort } from '../../vocabulary/util/race-abort';
import { assertValidEmbedding } from './assert-valid-long-term-records';
import { guardLongTermOperation } from './guard-long-term-operation';
import type { LongTermMemorySetup } from './resolve-long-term-memory-options';

/**
 * The vectors `embed` gives `texts`, checked (one valid vector per text);
 * `undefined` without `embed` or texts. `embed` gets an abort signal that
 * fires after `embedTimeoutMs`; a call that has not settled by then rejects
 * with `LongTermMemoryError` (operation `'embed'`), whether or not `embed`
 * honours the signal, so a hung embedding service never hangs a record or
 * a retrieval.
 */
export async function embedLongTermTexts(
  {
    embed,
    embedTimeoutMs,
    timeoutSignal,
  }: Pick<LongTermMemorySetup, 'embed' | 'embedTimeoutMs' | 'timeoutSignal'>,
  texts: readonly string[],
): Promise<readonly (readonly number[])[] | undefined> {
  if (embed === undefined || texts.length === 0) return undefined;
  const signal = timeoutSignal(embedTimeoutMs);
  let vectors: unknown;
  try {
    vectors = await guardLongTermOperation('embed', async () => {
      try {
        return await raceAbort(
          (async () => await embed(texts, { signal }))(),
          signal,
        );
      } catch (error) {
        if (!signal.aborted) throw error;
        throw new LongTermMemoryError({
          operation: 'embed',
          message: `Long-term memory embed timed out: embed did not settle within embedTimeoutMs (${embedTimeoutMs} ms)`,
          cause: signal.reason,
        });
      }
    });
  } finally {
    releaseTimeoutSignal(signal);
  }
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
