import type { CreateTokenCounterOptions } from '../token/create-token-counter';
import { createTokenCounter } from '../token/create-token-counter';
import type { TokenCounter } from '../token/token-counter';
import type {
  TiktokenEncoder,
  TiktokenEncodingName,
} from './load-tiktoken-encoder';
import { loadTiktokenEncoder } from './load-tiktoken-encoder';

export interface CreateTiktokenTokenCounterOptions extends Omit<
  CreateTokenCounterOptions,
  'name' | 'countText'
> {
  /**
   * The BPE encoding: `o200k_base` for the GPT-4o / GPT-4.1 / GPT-5 and o-series
   * families, `cl100k_base` for GPT-4 / GPT-3.5. Other providers' tokenizers
   * differ; calibrate with provider-reported usage (`checkTrigger`'s
   * `calibration`).
   * @default 'o200k_base'
   */
  readonly encoding?: TiktokenEncodingName;
  /**
   * Builds the encoder. Called once, on the first count, never at construction.
   * Replace it to supply an encoder built elsewhere (e.g. one you already loaded).
   * @default loadTiktokenEncoder
   */
  readonly loadEncoder?: (encoding: TiktokenEncodingName) => TiktokenEncoder;
}

/**
 * The default exact counter: js-tiktoken (`js-tiktoken/lite` plus one rank
 * file), loaded lazily on the first count so that constructing it is free.
 * Special-token text such as `<|endoftext|>` counts as plain text and never
 * throws. Caching and incremental counting as in `createTokenCounter`.
 */
export function createTiktokenTokenCounter({
  encoding = 'o200k_base',
  loadEncoder = loadTiktokenEncoder,
  ...counterOptions
}: CreateTiktokenTokenCounterOptions = {}): TokenCounter {
  let encoder: TiktokenEncoder | undefined;
  return createTokenCounter({
    ...counterOptions,
    name: `tiktoken:${encoding}`,
    countText: (text) => {
      if (text.length === 0) return 0;
      encoder ??= loadEncoder(encoding);
      // No allowed and no disallowed special tokens: their text is encoded as plain text.
      return encoder.encode(text, [], []).length;
    },
  });
}
