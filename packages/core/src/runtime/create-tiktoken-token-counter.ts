import type { TokenCounter } from '../state/token/token-counter';
import type { SharedEncoderCounterOptions } from './create-shared-encoder-token-counter';
import { createSharedEncoderTokenCounter } from './create-shared-encoder-token-counter';
import type {
  TiktokenEncoder,
  TiktokenEncodingName,
} from './load-tiktoken-encoder';
import { tiktokenEncoderSource } from './load-tiktoken-encoder';

export interface CreateTiktokenTokenCounterOptions extends SharedEncoderCounterOptions {
  /**
   * The BPE encoding: `o200k_base` for the GPT-4o / GPT-4.1 / GPT-5 and o-series
   * families, `cl100k_base` for GPT-4 / GPT-3.5. Other providers' tokenizers
   * differ; calibrate with provider-reported usage (`checkTrigger`'s
   * `calibration`).
   * @default 'o200k_base'
   */
  readonly encoding?: TiktokenEncodingName;
  /**
   * Supplies the encoder instead of the process-wide one (e.g. a test
   * double). Called once, on the first count, never at construction. A counter
   * with its own encoder keeps its own per-message cache and has no `load`.
   * @default the process's shared encoder (`loadTiktokenEncoder`)
   */
  readonly loadEncoder?: (encoding: TiktokenEncodingName) => TiktokenEncoder;
}

/**
 * The default exact counter: the `o200k_base` BPE (gpt-tokenizer, identical
 * counts to js-tiktoken; docs/decisions/2026-11-25-default-tokenizer.md).
 *
 * One tokenizer per process: every counter made by this function uses the
 * same encoder, loaded once, lazily — synchronously on the first count in
 * Node, or ahead of time with `await warmUp()` (required in browsers and edge
 * runtimes before synchronous counts; `load()` and `compressIfNeeded()` do it
 * too). Building a counter costs a few closures, so every memory may have its
 * own. Counters with the same options share one per-message cache (a
 * `WeakMap`: an entry goes away with its message). Special-token text such as
 * `<|endoftext|>` counts as plain text and never throws. Incremental counting
 * as in `createTokenCounter`.
 */
export function createTiktokenTokenCounter({
  encoding = 'o200k_base',
  loadEncoder,
  ...options
}: CreateTiktokenTokenCounterOptions = {}): TokenCounter {
  return createSharedEncoderTokenCounter({
    name: `tiktoken:${encoding}`,
    source: tiktokenEncoderSource(encoding),
    loadEncoder:
      loadEncoder === undefined ? undefined : () => loadEncoder(encoding),
    options,
  });
}
