import { defineConfig } from 'tsup';

import { packageBuild } from '../../tsup.shared';

export default defineConfig({
  ...packageBuild,
  entry: {
    index: 'src/index.ts',
    'adapter/index': 'src/adapter.ts',
    'testing/index': 'src/testing/index.ts',
    'internal/index': 'src/internal.ts',
    'js-tiktoken/index': 'src/js-tiktoken.ts',
    'long-term/index': 'src/long-term.ts',
    'formats/index': 'src/formats/index.ts',
    'types/index': 'src/types.ts',
  },
  // Shared chunks for CommonJS too (esbuild splits only ESM by default): without
  // it every `require` entry inlined the whole engine, four copies of it, and
  // an error class from `@acm/core` was not the one from `@acm/core/internal`.
  splitting: true,
  shims: true,
  external: ['vitest', 'fast-check', 'js-tiktoken', 'gpt-tokenizer'],
});
