import type { TokenCounter } from '../state/token/token-counter';
import type { SharedEncoderCounterOptions } from './create-shared-encoder-token-counter';
import { createSharedEncoderTokenCounter } from './create-shared-encoder-token-counter';
import type {
  SharedEncoderSource,
  TextTokenEncoder,
} from './load-shared-encoder';
import type { TiktokenEncodingName } from './load-tiktoken-encoder';

/** The part of js-tiktoken's `Tiktoken` this counter uses. */
interface JsTiktoken {
  encode(
    text: string,
    allowedSpecial: readonly string[],
    disallowedSpecial: readonly string[],
  ): number[];
}
type JsTiktokenClass = new (ranks: unknown) => JsTiktoken;

/** The CJS rank files export the ranks object itself; ESM has it as `default`. */
function unwrapDefault(loaded: unknown): unknown {
  const value = loaded as { default?: unknown };
  return value.default ?? value;
}

function build(lite: unknown, ranks: unknown): TextTokenEncoder {
  const { Tiktoken } = lite as { Tiktoken: JsTiktokenClass };
  const encoder = new Tiktoken(unwrapDefault(ranks));
  // No allowed and no disallowed special tokens: their text is encoded as plain text.
  return { countTokens: (text) => encoder.encode(text, [], []).length };
}

/** `js-tiktoken/lite` plus one rank file; literal specifiers so bundlers see them. */
const SOURCES: Record<TiktokenEncodingName, SharedEncoderSource> = {
  o200k_base: {
    key: 'js-tiktoken:o200k_base',
    encoding: 'o200k_base',
    requireSync: (require) =>
      build(
        require('js-tiktoken/lite'),
        require('js-tiktoken/ranks/o200k_base'),
      ),
    importAsync: async () =>
      build(
        await import('js-tiktoken/lite'),
        await import('js-tiktoken/ranks/o200k_base'),
      ),
  },
  cl100k_base: {
    key: 'js-tiktoken:cl100k_base',
    encoding: 'cl100k_base',
    requireSync: (require) =>
      build(
        require('js-tiktoken/lite'),
        require('js-tiktoken/ranks/cl100k_base'),
      ),
    importAsync: async () =>
      build(
        await import('js-tiktoken/lite'),
        await import('js-tiktoken/ranks/cl100k_base'),
      ),
  },
};

export interface CreateJsTiktokenTokenCounterOptions extends SharedEncoderCounterOptions {
  /**
   * The BPE encoding.
   * @default 'o200k_base'
   */
  readonly encoding?: TiktokenEncodingName;
}

/**
 * An exact counter on js-tiktoken (`js-tiktoken/lite` plus one rank file;
 * install `js-tiktoken`, an optional peer dependency). Counts are identical to
 * the default counter's (`createTiktokenTokenCounter`); it loads about 3×
 * slower, counts 4–6× slower and keeps about 3× the heap
 * (docs/decisions/2026-11-25-default-tokenizer.md). For apps that already load
 * js-tiktoken (LangChain does) and want one tokenizer. Like the default: one
 * encoder per process, loaded lazily (`load()` where loading must be
 * asynchronous), a per-message cache shared by counters with the same options.
 */
export function createJsTiktokenTokenCounter({
  encoding = 'o200k_base',
  ...options
}: CreateJsTiktokenTokenCounterOptions = {}): TokenCounter {
  return createSharedEncoderTokenCounter({
    name: `js-tiktoken:${encoding}`,
    source: SOURCES[encoding],
    loadEncoder: undefined,
    options,
  });
}
