import type { Options } from 'tsup';

/**
 * The build every published package shares: ESM and CommonJS with bundled
 * declarations, for Node 20. No source maps and no `src/` in the tarball
 * (docs/decisions/2026-11-28-lean-tarballs.md): the output is not minified,
 * keeps every name and a `// src/<path>.ts` comment above each module, so a
 * stack trace reads as is. Each `packages/<name>/tsup.config.ts`
 * adds its entries (and `shims`, `external` where it needs them).
 */
export const packageBuild = {
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: false,
  clean: true,
  target: 'node20',
} satisfies Options;
