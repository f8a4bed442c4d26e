import type { TiktokenEncodingName } from './load-tiktoken-encoder';
import { importTiktokenEncoder } from './load-tiktoken-encoder';

export interface WarmUpOptions {
  /**
   * The encodings to load.
   * @default ['o200k_base'] (what the default counter uses)
   */
  readonly encodings?: readonly TiktokenEncodingName[];
}

/**
 * Loads the exact tokenizer that every memory and adapter with the default
 * counter shares, so that the first request does not pay for it. Await it at
 * start-up; it is idempotent and concurrent calls share one load. Required
 * before synchronous counts (`countTokens()`, `countText`) in browsers and
 * edge runtimes, where the rank data can only be loaded asynchronously;
 * `compressIfNeeded()` loads it by itself.
 * @throws (rejects) TokenizerError `load-failed` when the tokenizer cannot be loaded.
 */
export async function warmUp({
  encodings = ['o200k_base'],
}: WarmUpOptions = {}): Promise<void> {
  await Promise.all(
    encodings.map((encoding) => importTiktokenEncoder(encoding)),
  );
}
