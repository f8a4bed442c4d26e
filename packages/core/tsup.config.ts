import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'testing/index': 'src/testing/index.ts',
    'internal/index': 'src/internal/index.ts',
    'js-tiktoken/index': 'src/js-tiktoken/index.ts',
    'long-term/index': 'src/long-term/index.ts',
    'formats/index': 'src/formats/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  shims: true,
  target: 'node20',
  external: ['vitest', 'fast-check', 'js-tiktoken', 'gpt-tokenizer'],
});
