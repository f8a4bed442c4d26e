import type {
  SharedEncoderSource,
  TextTokenEncoder,
} from './load-shared-encoder';
import {
  getSharedEncoder,
  isSharedEncoderLoaded,
  loadSharedEncoder,
} from './load-shared-encoder';

/** The encodings the default exact counter can use. */
export type TiktokenEncodingName = 'o200k_base' | 'cl100k_base';

/** The part of an encoder the tiktoken counter uses. */
export type TiktokenEncoder = TextTokenEncoder;

/** The part of a gpt-tokenizer encoding module the counter uses. */
interface GptTokenizerEncoding {
  countTokens(
    text: string,
    options: { disallowedSpecial: ReadonlySet<string> },
  ): number;
}

/** No special token is disallowed, and none is allowed: their text is encoded as plain text. */
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() } as const;

const fromModule = (loaded: unknown): TextTokenEncoder => {
  const encoding = loaded as GptTokenizerEncoding;
  return { countTokens: (text) => encoding.countTokens(text, PLAIN_TEXT) };
};

/**
 * gpt-tokenizer, one module per encoding (its rank data is JavaScript, so it
 * loads through the module system everywhere). Each specifier is a literal so
 * that bundlers see exactly which encoding modules exist.
 */
const SOURCES: Record<TiktokenEncodingName, SharedEncoderSource> = {
  o200k_base: {
    key: 'gpt-tokenizer:o200k_base',
    encoding: 'o200k_base',
    requireSync: (require) =>
      fromModule(require('gpt-tokenizer/encoding/o200k_base')),
    importAsync: async () =>
      fromModule(await import('gpt-tokenizer/encoding/o200k_base')),
  },
  cl100k_base: {
    key: 'gpt-tokenizer:cl100k_base',
    encoding: 'cl100k_base',
    requireSync: (require) =>
      fromModule(require('gpt-tokenizer/encoding/cl100k_base')),
    importAsync: async () =>
      fromModule(await import('gpt-tokenizer/encoding/cl100k_base')),
  },
};

/** @internal The shared source of an encoding, for counters that load it. */
export const tiktokenEncoderSource = (
  encoding: TiktokenEncodingName,
): SharedEncoderSource => SOURCES[encoding];

/**
 * The process's encoder for `encoding` (gpt-tokenizer; counts identical to
 * js-tiktoken, see docs/decisions/2026-11-25-default-tokenizer.md). Loaded
 * once per process and shared by every counter that uses it. In Node it loads
 * synchronously on the first call (about 0.15–0.5 s for o200k_base); in
 * browsers and edge runtimes call `await warmUp()` (or
 * {@link importTiktokenEncoder}) first.
 * @throws TokenizerError `not-loaded` when it is not loaded and cannot be loaded synchronously here.
 */
export function loadTiktokenEncoder(
  encoding: TiktokenEncodingName,
): TiktokenEncoder {
  return getSharedEncoder(SOURCES[encoding]);
}

/**
 * Loads the process's encoder for `encoding` once, through the module system
 * (dynamic `import()` where Node's `require` is not available), and resolves
 * with it. Concurrent and later calls share the same encoder.
 * @throws (rejects) TokenizerError `load-failed` when it cannot be loaded.
 */
export function importTiktokenEncoder(
  encoding: TiktokenEncodingName,
): Promise<TiktokenEncoder> {
  return loadSharedEncoder(SOURCES[encoding]);
}

/** Whether the process's encoder for `encoding` is loaded, so that counting loads nothing. */
export function isTiktokenEncoderLoaded(
  encoding: TiktokenEncodingName,
): boolean {
  return isSharedEncoderLoaded(SOURCES[encoding]);
}
