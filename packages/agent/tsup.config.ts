import { defineConfig } from 'tsup';

// No source maps and no `src/` in the tarball: docs/decisions/2026-11-28-lean-tarballs.md.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'ai-sdk/index': 'src/ai-sdk/index.ts',
    'testing/index': 'src/testing/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: false,
  clean: true,
  shims: true,
  target: 'node20',
});
