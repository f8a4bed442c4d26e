import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'adapter/index': 'src/adapter.ts',
    'testing/index': 'src/testing/index.ts',
    'internal/index': 'src/internal.ts',
    'js-tiktoken/index': 'src/js-tiktoken.ts',
    'long-term/index': 'src/long-term.ts',
    'formats/index': 'src/formats/index.ts',
  },
  format: ['esm', 'cjs'],
  // Shared chunks for CommonJS too (esbuild splits only ESM by default): without
  // it every `require` entry inlined the whole engine, four copies of it, and
  // an error class from `@acm/core` was not the one from `@acm/core/internal`.
  splitting: true,
  dts: true,
  // No source maps and no `src/` in the tarball (docs/decisions/2026-11-28-lean-tarballs.md):
  // the output is not minified, keeps every name and a `// src/<path>.ts` comment
  // above each module, so a stack trace reads as is.
  sourcemap: false,
  clean: true,
  shims: true,
  target: 'node20',
  external: ['vitest', 'fast-check', 'js-tiktoken', 'gpt-tokenizer'],
});
