import { createRequire } from 'node:module';
import type { Tiktoken, TiktokenBPE } from 'js-tiktoken/lite';

/** The rank files `createTiktokenTokenCounter` can load. */
export type TiktokenEncodingName = 'o200k_base' | 'cl100k_base';

/** The part of a js-tiktoken `Tiktoken` the counter uses. */
export type TiktokenEncoder = Pick<Tiktoken, 'encode'>;

/**
 * Loads `js-tiktoken/lite` and one rank file synchronously and builds the
 * encoder. Costly: o200k_base takes about 0.5 s and 150 MB, cl100k_base about
 * 0.25 s and 90 MB (shared/reference/toolchain.md §5). The full `js-tiktoken`
 * entry, which pulls in every rank file, is never imported.
 *
 * Synchronous on purpose, through `createRequire(import.meta.url)`, so that
 * counting stays synchronous (tsup shims `import.meta.url` in the CJS build).
 * Each specifier is a literal, so bundlers can see which rank file is used.
 */
export function loadTiktokenEncoder(
  encoding: TiktokenEncodingName,
): TiktokenEncoder {
  const require = createRequire(import.meta.url);
  const { Tiktoken: TiktokenClass } = require('js-tiktoken/lite') as {
    Tiktoken: typeof Tiktoken;
  };
  const ranks = loadRanks(require, encoding);
  return new TiktokenClass(ranks);
}

function loadRanks(
  require: NodeJS.Require,
  encoding: TiktokenEncodingName,
): TiktokenBPE {
  switch (encoding) {
    case 'o200k_base':
      return unwrapDefault(require('js-tiktoken/ranks/o200k_base'));
    case 'cl100k_base':
      return unwrapDefault(require('js-tiktoken/ranks/cl100k_base'));
  }
}

/** The CJS rank files export the ranks object itself; tolerate an ESM-style `default` too. */
function unwrapDefault(loaded: unknown): TiktokenBPE {
  const value = loaded as TiktokenBPE & { default?: TiktokenBPE };
  return value.default ?? value;
}
